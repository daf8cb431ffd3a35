import { useCallback, useState } from 'react';
import type { Language } from '#shared/domain/language.js';
import { applyLanguage, saveLanguage } from '../../../lib/i18n.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { saveLanguageOnServer } from '../../../lib/auth/api/change-language.js';

/**
 * docs/product.md#languages-and-hosts: the choice is stored locally; a signed-in user's choice is also posted and the page
 * reloads so every screen and cached answer comes back in the new language. Signed-out visitors
 * switch in place (the new locale loads behind the spinner).
 */
export function useSwitchLanguage() {
  const { isAuthenticated } = useAuth();
  const [pending, setPending] = useState(false);

  const switchLanguage = useCallback(
    async (language: Language) => {
      setPending(true);
      try {
        saveLanguage(language);
        if (isAuthenticated) {
          await saveLanguageOnServer(language);
          window.location.reload();
          return;
        }
        await applyLanguage(language);
      } finally {
        setPending(false);
      }
    },
    [isAuthenticated],
  );

  return { switchLanguage, pending };
}
