import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigationType } from 'react-router-dom';
import { LIMITS } from '#shared/domain/limits.js';
import { SITE } from '../../config/site.js';
import { isRouteHandle } from '../route-handle.js';

const FAVICON = { default: '/favicon.svg', favorites: '/favicon-favorites.svg' } as const;

/** docs/product.md#layout: each route change swaps the favicon; /favorites has its own. */
function useFavicon(pathname: string) {
  useEffect(() => {
    const href = pathname.startsWith('/favorites') ? FAVICON.favorites : FAVICON.default;
    let link = document.querySelector<HTMLLinkElement>('link#favicon');
    if (!link) {
      link = document.createElement('link');
      link.id = 'favicon';
      link.rel = 'icon';
      link.type = 'image/svg+xml';
      document.head.append(link);
    }
    if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  }, [pathname]);
}

/** The deepest route's title, in the current language. */
function useDocumentTitle() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const handle = [...matches]
    .reverse()
    .map((m) => m.handle)
    .find(isRouteHandle);
  useEffect(() => {
    document.title = handle ? `${t(handle.titleKey)} · ${SITE.name}` : SITE.name;
  }, [handle, t, i18n.language]);
}

function isMobile(): boolean {
  return (
    window.matchMedia(`(max-width: ${LIMITS.mobileWidthPx}px)`).matches ||
    /Mobi|Android|iPhone|iPad|iPod/i.test(navigator.userAgent)
  );
}

/**
 * docs/product.md#layout: on phones each navigation scrolls smoothly to just below the navbar, so the new
 * screen's content starts at the top of the small viewport. Back/forward (POP) keeps the position
 * ScrollRestoration restored, and the first page load does not move.
 */
function useMobileScrollBelowNavbar(pathname: string, navbar: RefObject<HTMLElement | null>) {
  const navigationType = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType === 'POP' || !isMobile()) return;
    const frame = requestAnimationFrame(() => {
      const height = navbar.current?.offsetHeight ?? 0;
      window.scrollTo({ top: height, behavior: 'smooth' });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, navigationType, navbar]);
}

export function useRouteEffects(navbar: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  useFavicon(pathname);
  useDocumentTitle();
  useMobileScrollBelowNavbar(pathname, navbar);
}
