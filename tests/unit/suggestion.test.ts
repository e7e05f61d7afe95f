import { describe, expect, it } from 'vitest';
import { SuggestionInput } from '../../src/lib/suggestion';
import { fieldErrors } from '../../src/lib/validation';

const valid = { spotName: 'Desert Botanical Patio', description: 'Shady patio with great iced tea.', link: '', submitterName: '' };
const errorsOf = (input: unknown) => {
  const result = SuggestionInput.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('suggestion rules (spec §5)', () => {
  it('accepts a valid suggestion and stores an empty link and name as null', () => {
    expect(SuggestionInput.parse(valid)).toEqual({ ...valid, link: null, submitterName: null });
  });
  it('requires the spot name', () => {
    expect(errorsOf({ ...valid, spotName: '   ' })).toEqual({ spotName: 'Spot name is required' });
    expect(errorsOf({ ...valid, spotName: undefined })).toEqual({ spotName: 'Spot name is required' });
  });
  it('needs a description of at least 10 characters', () => {
    expect(errorsOf({ ...valid, description: '123456789' })).toEqual({ description: 'Description must be at least 10 characters' });
    expect(errorsOf({ ...valid, description: '1234567890' })).toEqual({});
  });
  it('a link must be a valid http(s) URL or empty', () => {
    expect(errorsOf({ ...valid, link: 'not a url' })).toEqual({ link: 'Must be a valid URL' });
    expect(errorsOf({ ...valid, link: 'javascript:alert(1)' })).toEqual({ link: 'Must be a valid URL' });
    expect(SuggestionInput.parse({ ...valid, link: 'https://example.com/x' }).link).toBe('https://example.com/x');
    expect(SuggestionInput.parse({ ...valid, link: null }).link).toBeNull();
  });
  it('keeps a submitter name and drops unknown fields', () => {
    const parsed = SuggestionInput.parse({ ...valid, submitterName: ' Ana ', extra: 'x' });
    expect(parsed.submitterName).toBe('Ana');
    expect(parsed).not.toHaveProperty('extra');
  });
});
