import { changeLanguage } from '#shared/contracts/profile.js';
import type { Language } from '#shared/domain/language.js';
import { callApi } from '../../api-client.js';

/**
 * Saves a signed-in user's language on the server (POST /api/change-language/). A failure is
 * only logged: docs/product.md#languages-and-hosts switches locally and reloads anyway.
 */
export async function saveLanguageOnServer(language: Language): Promise<void> {
  try {
    await callApi(changeLanguage, { body: { language } });
  } catch (error) {
    console.warn('language change was not saved on the server', error);
  }
}
