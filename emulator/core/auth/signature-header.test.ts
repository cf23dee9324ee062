import { describe, expect, it } from 'vitest';
import { AuthFailure } from './auth-failure.js';
import { parseSignatureHeader, signingString } from './signature-header.js';

describe('parseSignatureHeader', () => {
  it('reads the modern form with (request-target)', () => {
    const p = parseSignatureHeader(
      'Signature keyId="/a/keys/k",algorithm="RSA-SHA256",headers="(request-target) date",signature="c2ln"',
    );
    expect(p).toEqual({
      keyId: '/a/keys/k',
      algorithm: 'rsa-sha256',
      headers: ['(request-target)', 'date'],
      signature: 'c2ln',
      legacy: false,
    });
  });

  it('reads the legacy form with the signature after a space', () => {
    const p = parseSignatureHeader('Signature keyId=/a/keys/k,algorithm="rsa-sha256" c2ln');
    expect(p).toMatchObject({ keyId: '/a/keys/k', signature: 'c2ln', legacy: true, headers: ['date'] });
  });

  it.each([
    'Basic dXNlcjpwYXNz',
    'Signature algorithm="rsa-sha256",signature="x"',
    'Signature keyId="/a/keys/k",algorithm="rsa-sha256"',
  ])('refuses %s as malformed', (value) => {
    expect(() => parseSignatureHeader(value)).toThrow(AuthFailure);
  });
});

describe('signingString', () => {
  const header = (name: string): string | undefined => ({ date: 'Tue, 01 Jan 2030 00:00:00 GMT' })[name];

  it('joins the listed headers with newlines and lower-cases the method', () => {
    const p = parseSignatureHeader(
      'Signature keyId="k",algorithm="rsa-sha256",headers="(request-target) date",signature="x"',
    );
    expect(signingString(p, 'GET', '/acme/users?x=1', header)).toBe(
      '(request-target): get /acme/users?x=1\ndate: Tue, 01 Jan 2030 00:00:00 GMT',
    );
  });

  it('signs the bare date in the legacy form', () => {
    const p = parseSignatureHeader('Signature keyId=k,algorithm="rsa-sha256" x');
    expect(signingString(p, 'GET', '/', header)).toBe('Tue, 01 Jan 2030 00:00:00 GMT');
  });

  it('names a listed header the request does not have', () => {
    const p = parseSignatureHeader('Signature keyId="k",algorithm="rsa-sha256",headers="date host",signature="x"');
    expect(() => signingString(p, 'GET', '/', header)).toThrow(/host was not in the request/);
  });
});
