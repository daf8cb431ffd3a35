import { describe, expect, it } from 'vitest';
import { languageFromAcceptHeader } from '../../functions/runtime/http/accept-language.js';

describe('languageFromAcceptHeader', () => {
  it.each([
    [undefined, 'ko'],
    [null, 'ko'],
    ['', 'ko'],
    ['en-US,en;q=0.9', 'en'],
    ['ko-KR,ko;q=0.9,en;q=0.8', 'ko'],
    ['fr-FR,en;q=0.5,ko;q=0.4', 'en'],
    ['en;q=0.2,ko;q=0.8', 'ko'],
    ['de', 'ko'],
    ['EN-gb', 'en'],
    [' en ; q=0.3 , ko ; q=0.2', 'en'],
    ['en-US;q=abc,ko;q=0.5', 'ko'],
  ] as const)('%s → %s', (header, expected) => {
    expect(languageFromAcceptHeader(header)).toBe(expected);
  });

  // Where negotiator reads the header more exactly than the hand-written parser it replaced.
  it.each([
    ['en;q=0', 'ko', 'q=0 means "not English", so Korean is the default'],
    ['de,*;q=0.1', 'ko', 'a wildcard takes our first language'],
    ['ko;q=0,*;q=0.1', 'en', 'the wildcard does not bring back a refused language'],
    ['english', 'ko', 'a tag must be "en" or start with "en-"'],
  ])('%s → %s (%s)', (header, expected) => {
    expect(languageFromAcceptHeader(header)).toBe(expected);
  });
});
