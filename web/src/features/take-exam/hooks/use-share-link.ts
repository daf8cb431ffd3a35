import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { createShortUrl } from '../api/create-short-url.js';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Share (docs/product.md#take-exam): a 30-day short link to this page; on failure the page address itself is copied. */
export function useShareLink() {
  const { t } = useTranslation();
  const toast = useToast();
  return useCallback(async () => {
    const longUrl = window.location.href;
    let link: string | null;
    try {
      const answer = await createShortUrl(longUrl);
      link = new URL(answer.short_url, window.location.origin).toString();
    } catch {
      link = null;
    }
    if (link && (await copy(link))) {
      toast.success(t('takeExam.toasts.linkCopied'));
      return;
    }
    if (await copy(longUrl)) toast.info(t('takeExam.toasts.longLinkCopied'));
    else toast.error(t('takeExam.toasts.copyFailed'));
  }, [t, toast]);
}
