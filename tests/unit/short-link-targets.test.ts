import { describe, expect, it } from 'vitest';
import { escapeHtml, examIdOfTarget, newShortCode, sameSiteTarget } from '../../functions/domains/links/targets.js';

const ORIGIN = 'https://quiz.example.com';

describe('sameSiteTarget', () => {
  it('keeps paths and same-origin URLs as path + query + hash', () => {
    expect(sameSiteTarget('/exam-detail/abc?x=1#q2', ORIGIN)).toBe('/exam-detail/abc?x=1#q2');
    expect(sameSiteTarget('https://quiz.example.com/take-exam/abc?y=2', ORIGIN)).toBe('/take-exam/abc?y=2');
    expect(sameSiteTarget('HTTPS://QUIZ.EXAMPLE.COM', ORIGIN)).toBe('/');
    expect(sameSiteTarget('/a/../b', ORIGIN)).toBe('/b');
  });

  it('refuses everything off-site', () => {
    for (const url of [
      'https://evil.example/',
      'http://quiz.example.com/',
      'https://quiz.example.com:444/',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      'mailto:a@b.c',
      'evil.example/path',
      '/ok\r\nSet-Cookie: x',
      '/tab\there',
      'https://user:pw@quiz.example.com/',
      'https://quiz.example.com.evil.example/',
      '',
    ]) {
      expect(sameSiteTarget(url, ORIGIN), url).toBeNull();
    }
  });
});

describe('examIdOfTarget', () => {
  it('finds the exam of exam pages and of ?exam_id=', () => {
    expect(examIdOfTarget('/take-exam/abc?x=1')).toBe('abc');
    expect(examIdOfTarget('/exam-detail/abc')).toBe('abc');
    expect(examIdOfTarget('/exam/abc/')).toBe('abc');
    expect(examIdOfTarget('/random-practice?exam_id=xyz')).toBe('xyz');
    expect(examIdOfTarget('/results')).toBeNull();
    expect(examIdOfTarget('/exam-management')).toBeNull();
  });
});

describe('codes and pages', () => {
  it('codes are 7 base62 characters', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newShortCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Za-z]{7}$/);
  });
  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
