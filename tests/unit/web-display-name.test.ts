import { describe, expect, test } from 'vitest';
import { displayName, isNewUser, type AuthUser } from '../../web/src/lib/auth/auth-user.js';

const user = (fields: Partial<AuthUser>): AuthUser => ({ username: 'uxkim', role: 'user_role', ...fields }) as AuthUser;

describe('the shown name', () => {
  test('a Korean name on a Korean page puts the family name first; other names keep their order', () => {
    expect(displayName(user({ first_name: '유엑스', last_name: '김' }), 'ko')).toBe('김유엑스');
    expect(displayName(user({ first_name: 'Mina', last_name: 'Kim' }), 'ko')).toBe('Mina Kim');
    expect(displayName(user({ first_name: '유엑스', last_name: '김' }), 'en')).toBe('유엑스 김');
  });

  test('one part alone, or the username when no name is set', () => {
    expect(displayName(user({ first_name: 'Mina', last_name: '' }), 'ko')).toBe('Mina');
    expect(displayName(user({ first_name: ' ', last_name: null }), 'en')).toBe('uxkim');
  });

  test('"welcome back" is for users who joined more than a day ago', () => {
    const now = Date.parse('2026-05-02T12:00:00Z');
    expect(isNewUser(user({ date_joined: '2026-05-02T11:00:00Z' }), now)).toBe(true);
    expect(isNewUser(user({ date_joined: '2026-04-30T12:00:00Z' }), now)).toBe(false);
    expect(isNewUser(user({ date_joined: null }), now)).toBe(false);
  });
});
