import { describe, expect, test } from 'vitest';
import { scrollKey } from '../../web/src/app/layout/scroll-key.js';

describe('where a screen opens scrolled', () => {
  test("a page load's first entry is kept by its path, so one URL never inherits another's position", () => {
    expect(scrollKey({ key: 'default', pathname: '/review' })).not.toBe(scrollKey({ key: 'default', pathname: '/' }));
    expect(scrollKey({ key: 'default', pathname: '/review' })).toBe(scrollKey({ key: 'default', pathname: '/review' }));
  });

  test('entries the app pushed keep their own key (back and forward restore each one)', () => {
    expect(scrollKey({ key: 'a1b2c3', pathname: '/review' })).toBe('a1b2c3');
    expect(scrollKey({ key: 'a1b2c3', pathname: '/review' })).not.toBe(
      scrollKey({ key: 'x9y8z7', pathname: '/review' }),
    );
  });
});
