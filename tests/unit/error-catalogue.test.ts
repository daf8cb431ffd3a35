import { describe, expect, it } from 'vitest';
import { allErrorMessages, errorMessage } from '#shared/i18n/catalogue.js';

describe('error catalogue', () => {
  it('has every code in both languages, none empty', () => {
    const ko = allErrorMessages('ko');
    const en = allErrorMessages('en');
    expect(Object.keys(ko).sort()).toEqual(Object.keys(en).sort());
    for (const [code, text] of [...Object.entries(ko), ...Object.entries(en)]) expect(text, code).toMatch(/\S/);
  });
  it('fills placeholders and falls back to the internal error text for unknown codes', () => {
    expect(errorMessage('too_many_requests', 'en', { seconds: 30 })).toBe(
      'Too many attempts. Try again in 30 seconds.',
    );
    expect(errorMessage('no_such_code', 'en')).toBe(errorMessage('internal_error', 'en'));
  });
});
