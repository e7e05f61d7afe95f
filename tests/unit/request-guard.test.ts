import { describe, expect, it } from 'vitest';
import { hasNonJsonBody, isCrossSiteWrite } from '../../src/server/http/request-guard';

const req = (method: string, headers: Record<string, string>) => new Request('http://localhost/api/x', { method, headers });

describe('cross-site write guard', () => {
  it('lets reads through', () => {
    expect(isCrossSiteWrite(req('GET', { origin: 'https://evil.example', host: 'guide.example' }))).toBe(false);
  });
  it('allows a same-origin write', () => {
    expect(isCrossSiteWrite(req('POST', { origin: 'http://127.0.0.1:4321', host: '127.0.0.1:4321' }))).toBe(false);
  });
  it('refuses a write from another origin, including another port', () => {
    expect(isCrossSiteWrite(req('POST', { origin: 'https://evil.example', host: 'guide.example' }))).toBe(true);
    expect(isCrossSiteWrite(req('POST', { origin: 'http://127.0.0.1:9999', host: '127.0.0.1:4321' }))).toBe(true);
    expect(isCrossSiteWrite(req('POST', { origin: 'null', host: 'guide.example' }))).toBe(true);
  });
  it('trusts the configured site host behind a proxy', () => {
    expect(isCrossSiteWrite(req('POST', { origin: 'https://guide.example', host: 'internal:8080' }), ['guide.example'])).toBe(false);
  });
  it('without Origin, follows Sec-Fetch-Site', () => {
    expect(isCrossSiteWrite(req('POST', { 'sec-fetch-site': 'cross-site' }))).toBe(true);
    expect(isCrossSiteWrite(req('POST', { 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(isCrossSiteWrite(req('POST', {}))).toBe(false);
  });
});

describe('JSON-only bodies', () => {
  it('refuses form and text bodies, accepts JSON and empty bodies', () => {
    expect(hasNonJsonBody(req('POST', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '5' }))).toBe(true);
    expect(hasNonJsonBody(req('POST', { 'content-type': 'text/plain', 'content-length': '5' }))).toBe(true);
    expect(hasNonJsonBody(req('POST', { 'content-type': 'application/json; charset=utf-8', 'content-length': '5' }))).toBe(false);
    expect(hasNonJsonBody(req('POST', { 'content-length': '0' }))).toBe(false);
  });
});
