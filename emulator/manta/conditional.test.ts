import { describe, expect, it } from 'vitest';
import { checkCommit, checkRead, checkWrite, parseEtagList } from './conditional.js';

const target = { etag: 'e1', mtime: Date.parse('2026-01-01T00:00:10Z') };

describe('conditional requests', () => {
  it('parses quoted and weak etag lists', () => {
    expect(parseEtagList('"a", W/"b", c')).toEqual(['a', 'b', 'c']);
    expect(parseEtagList('""')).toEqual(['']);
  });

  it('answers not-modified to a GET whose If-None-Match names the current etag', () => {
    expect(checkRead({ 'if-none-match': '"e1"' }, target)).toBe('not-modified');
    expect(checkRead({ 'if-none-match': 'e2' }, target)).toBe('proceed');
  });

  it('answers not-modified when the object did not change since If-Modified-Since', () => {
    expect(checkRead({ 'if-modified-since': 'Thu, 01 Jan 2026 00:00:10 GMT' }, target)).toBe('not-modified');
    expect(checkRead({ 'if-modified-since': 'Thu, 01 Jan 2026 00:00:09 GMT' }, target)).toBe('proceed');
  });

  it('fails a GET with a stale If-Match with 412 PreconditionFailed', () => {
    expect(() => checkRead({ 'if-match': 'old' }, target)).toThrow(
      expect.objectContaining({ status: 412, code: 'PreconditionFailed' }),
    );
  });

  it('treats If-Match on a write as compare-and-swap and returns the etag to recheck', () => {
    expect(checkWrite({ 'if-match': 'e1' }, target)).toBe('e1');
    expect(() => checkWrite({ 'if-match': 'e0' }, target)).toThrow(expect.objectContaining({ status: 412 }));
    expect(() => checkWrite({ 'if-match': 'e1' }, undefined)).toThrow(expect.objectContaining({ status: 412 }));
  });

  it('always fails If-None-Match: * on a write, even for a missing object', () => {
    expect(() => checkWrite({ 'if-none-match': '*' }, undefined)).toThrow(expect.objectContaining({ status: 412 }));
  });

  it('treats If-Match: "" as create-only', () => {
    expect(checkWrite({ 'if-match': '""' }, undefined)).toBeUndefined();
    expect(() => checkWrite({ 'if-match': '""' }, target)).toThrow(expect.objectContaining({ status: 412 }));
  });

  it('rejects an unparseable date naming the header', () => {
    expect(() => checkWrite({ 'if-modified-since': 'yesterday' }, target)).toThrow(/if-modified-since "yesterday"/);
  });

  it('gives 409 ConcurrentRequest when the etag changed between check and commit', () => {
    expect(() => checkCommit({ 'if-match': 'e1' }, 'e1', { etag: 'e2', mtime: 0 })).toThrow(
      expect.objectContaining({ status: 409, code: 'ConcurrentRequest' }),
    );
    expect(() => checkCommit({ 'if-match': 'e1' }, 'e1', target)).not.toThrow();
    expect(() => checkCommit({ 'if-match': '""' }, undefined, target)).toThrow(
      expect.objectContaining({ code: 'ConcurrentRequest' }),
    );
    expect(() => checkCommit({}, undefined, target)).not.toThrow();
  });
});
