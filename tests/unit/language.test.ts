import { describe, expect, it } from 'vitest';
import { pickLocalized, resolveLanguage } from '#shared/domain/language.js';

describe('resolveLanguage (docs/product.md#languages-and-hosts)', () => {
  const cases: [Parameters<typeof resolveLanguage>[0], 'ko' | 'en', string][] = [
    [
      { saved: 'en', host: 'quiz.example.com', browserLanguages: ['ko-KR'] },
      'en',
      'a saved choice wins over everything',
    ],
    [{ saved: 'ko', host: 'us.example.com' }, 'ko', 'a saved choice wins over the host'],
    [{ host: 'us.example.com', browserLanguages: ['ko-KR'] }, 'en', 'us. host prefix'],
    [{ host: 'devops.example.com', browserLanguages: ['ko'] }, 'en', 'devops. host prefix'],
    [{ host: 'LeetCode.example.com' }, 'en', 'leetcode. prefix, any case'],
    [{ host: 'mydevops.example.com', browserLanguages: ['ko'] }, 'ko', 'devops elsewhere in the host is no prefix'],
    [{ host: 'example.com', browserLanguages: ['ko-KR', 'en'] }, 'ko', 'browser Korean'],
    [{ host: 'example.com', browserLanguages: ['en-US', 'ko'] }, 'en', 'browser not Korean → English'],
    [{ host: 'example.com', browserLanguages: [] }, 'ko', 'nothing known → Korean'],
    [{ saved: 'fr', host: 'example.com' }, 'ko', 'an unknown saved value is ignored'],
  ];
  it.each(cases)('%o → %s (%s)', (input, expected) => {
    expect(resolveLanguage(input)).toBe(expected);
  });
});

describe('pickLocalized', () => {
  const exam = { title: 'plain', title_ko: '한국어 제목', title_en: 'English title' };
  it('prefers the requested language', () => {
    expect(pickLocalized(exam, 'title', 'ko')).toBe('한국어 제목');
    expect(pickLocalized(exam, 'title', 'en')).toBe('English title');
  });
  it('falls back to the other language, then the plain field', () => {
    expect(pickLocalized({ title_ko: '만', title_en: '  ' }, 'title', 'en')).toBe('만');
    expect(pickLocalized({ title: 'plain' }, 'title', 'ko')).toBe('plain');
    expect(pickLocalized({}, 'title', 'ko')).toBe('');
  });
});
