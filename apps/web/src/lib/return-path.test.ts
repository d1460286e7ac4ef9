import { describe, expect, it } from 'vitest';
import { readReturnPath } from './return-path';

const acceptAll = { isRefused: () => false };

describe('the page a sign-in returns to', () => {
  it.each([
    ['/day-sheet?date=2026-12-01', '/day-sheet?date=2026-12-01'],
    [
      '/associates/7b1f4c52-6a1e-4c1e-9a43-0f5a8e2b1c3d',
      '/associates/7b1f4c52-6a1e-4c1e-9a43-0f5a8e2b1c3d',
    ],
    ['/audit?associateId=1&placeId=2#linha', '/audit?associateId=1&placeId=2#linha'],
  ])('accepts the app path %s', (value, expected) => {
    expect(readReturnPath(value, acceptAll)).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example/login'],
    ['a protocol-relative address', '//evil.example/day-sheet'],
    ['dot segments resolving to //', '/..//evil.example/day-sheet'],
    ['a dot segment inside the app', '/a/../category'],
    ['an encoded dot segment', '/%2E%2e//evil.example'],
    ['a single dot segment', '/./day-sheet'],
    ['a backslash the browser reads as //', '/\\evil.example'],
    ['a backslash further on', '/day-sheet\\..\\..\\evil'],
    ['a tab inside //', '/\t/evil.example'],
    ['a line break', '/day-sheet\n'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'day-sheet'],
    ['nothing', ''],
    ['an absent value', null],
    ['an address longer than any of the app', `/${'a'.repeat(2_000)}`],
  ])('refuses %s', (_case, value) => {
    expect(readReturnPath(value, acceptAll)).toBeNull();
  });
});
