import { describe, expect, test } from 'vitest';
import { defaultDomainTagName, introPath } from '../../web/src/lib/host.js';

describe('host rules (web/src/lib/host.ts)', () => {
  test.each([
    ['quizbank.example', '/service-introduction', null],
    ['localhost', '/service-introduction', null],
    ['devops.quizbank.example', '/devops-interview', 'DevOps'],
    ['my-devops-site.example', '/devops-interview', 'DevOps'],
    ['leetcode.quizbank.example', '/service-introduction', 'LeetCode'],
  ])('%s → intro %s, default tag %s', (host, intro, tag) => {
    expect(introPath(host)).toBe(intro);
    expect(defaultDomainTagName(host)).toBe(tag);
  });
});
