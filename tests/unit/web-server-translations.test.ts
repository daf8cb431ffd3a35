import { afterEach, describe, expect, test, vi } from 'vitest';
import { i18n, initI18n } from '../../web/src/lib/i18n.js';

describe('server translations in the web app', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('are merged under `server`, beside the bundled texts', async () => {
    const asked: string[] = [];
    vi.stubGlobal('document', { documentElement: { lang: '' }, cookie: '' });
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(String(url));
      const body = { language: 'en', translations: { errors: { csrf_failed: 'The CSRF check failed.' } } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await initI18n('en', async () => ({ app: { name: 'Quizbank' } }));
    expect(asked.some((url) => url.includes('/api/translations/?lang=en'))).toBe(true);
    expect(i18n.t('server.errors.csrf_failed')).toBe('The CSRF check failed.');
    expect(i18n.t('app.name')).toBe('Quizbank');
  });
});
