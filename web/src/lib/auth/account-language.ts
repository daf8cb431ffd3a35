import { isLanguage } from '#shared/domain/language.js';
import { applyLanguage, currentLanguage } from '../i18n.js';
import { LOCAL_KEYS, localStore } from '../storage.js';
import { saveLanguageOnServer } from './api/change-language.js';
import type { AuthUser } from './auth-user.js';

/**
 * After a sign-in the screen and the account should speak the same language, since the server
 * answers a signed-in caller in the account's saved language. docs/product.md#languages-and-hosts: a language saved in
 * this browser overrides — the account is told about it; otherwise the screen takes the
 * account's language (the profile language sync of docs/product.md#languages-and-hosts).
 */
export async function alignLanguageWithAccount(user: AuthUser): Promise<void> {
  const account = user.language;
  if (!isLanguage(account)) return;
  const saved = localStore.get(LOCAL_KEYS.language);
  if (isLanguage(saved)) {
    if (saved !== account) await saveLanguageOnServer(saved);
    return;
  }
  if (account !== currentLanguage()) await applyLanguage(account);
}
