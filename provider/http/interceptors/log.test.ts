import { describe, expect, it } from 'vitest';
import { redactHeaders } from './log.js';

describe('redactHeaders', () => {
  it('hides credentials whatever their case, and keeps everything else', () => {
    expect(
      redactHeaders({
        Authorization: 'Signature keyId="/a/keys/x",signature="abc"',
        date: 'now',
        cookie: 'sid=1',
        'accept-version': '~9',
      }),
    ).toEqual({
      Authorization: '[redacted]',
      date: 'now',
      cookie: '[redacted]',
      'accept-version': '~9',
    });
  });
});
