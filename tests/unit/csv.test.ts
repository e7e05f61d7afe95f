import { describe, expect, it } from 'vitest';
import { CsvError, asSpreadsheetText, fromSpreadsheetText, parseCsv, toCsv } from '../../src/lib/csv';

describe('RFC 4180 CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, and a BOM', () => {
    expect(parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\n"two\r\nlines",\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\r\nlines', ''],
    ]);
  });
  it('skips blank lines and reads a last record without a line break', () => {
    expect(parseCsv('a\n\nb,c')).toEqual([['a'], ['b', 'c']]);
  });
  it('names the line of an unclosed quote, a quote inside a field, and text after a closing quote', () => {
    expect(() => parseCsv('a\n"open,b')).toThrow(new CsvError('Line 2: a quoted field is never closed; add the closing quote.', 2));
    expect(() => parseCsv('ab"c')).toThrow('Line 1: a quote inside an unquoted field; put the whole field in quotes and double the quote.');
    expect(() => parseCsv('"a"b')).toThrow('Line 1: text after a closing quote; put the whole field in quotes and double any quote inside it.');
  });
  it('writes what it reads back the same', () => {
    const records = [
      ['id', 'name', 'note'],
      ['1', 'Comma, Inc', 'He said "go"'],
      ['2', '', 'line\nbreak'],
    ];
    expect(toCsv(records)).toBe('id,name,note\r\n1,"Comma, Inc","He said ""go"""\r\n2,,"line\nbreak"\r\n');
    expect(parseCsv(toCsv(records))).toEqual(records);
  });
  it('guards text a spreadsheet would run as a formula, leaves numbers, and takes the guard off on import', () => {
    expect(asSpreadsheetText('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(asSpreadsheetText('@cmd')).toBe("'@cmd");
    expect(asSpreadsheetText('-111.92')).toBe('-111.92');
    expect(asSpreadsheetText('Plain')).toBe('Plain');
    expect(fromSpreadsheetText("'=1+1")).toBe('=1+1');
    expect(fromSpreadsheetText("'quoted")).toBe("'quoted");
  });
});
