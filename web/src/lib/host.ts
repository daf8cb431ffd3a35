import { SPECIAL_DOMAIN_TAG, specialDomainOf, type SpecialDomain } from '#shared/domain/special-domain.js';

/**
 * Everything that depends on the host name lives here, so a new domain rule is one edit
 * (docs/product.md#languages-and-hosts: special domains, their intro page and default tag, English host prefixes).
 */

export function currentHost(): string {
  return typeof window === 'undefined' ? '' : window.location.hostname.toLowerCase();
}

/** devops or leetcode when the host name contains it, else null (a general domain). */
export function currentSpecialDomain(host: string = currentHost()): SpecialDomain | null {
  return specialDomainOf(host);
}

/** Name of the fixed default tag applied to studies and exams on a special domain. */
export function defaultDomainTagName(host: string = currentHost()): string | null {
  const domain = currentSpecialDomain(host);
  return domain ? SPECIAL_DOMAIN_TAG[domain] : null;
}

export type IntroPath = '/devops-interview' | '/service-introduction';

/**
 * Where a logged-out visitor is sent from home. Only the devops domain has its own landing page;
 * leetcode hosts get the general introduction until they have one.
 */
export function introPath(host: string = currentHost()): IntroPath {
  return currentSpecialDomain(host) === 'devops' ? '/devops-interview' : '/service-introduction';
}

/** The host passed to shared resolveLanguage, whose prefix rule (us., devops., leetcode.) picks English. */
export function hostForLanguage(): string {
  return currentHost();
}

/**
 * docs/product.md#languages-and-hosts: the pasted-problem generator shows only on the leetcode host and on local or
 * development hosts (localhost, 127.0.0.1, `*.localhost`, `dev.*`).
 */
export function allowsProblemPaste(host: string = currentHost()): boolean {
  if (currentSpecialDomain(host) === 'leetcode') return true;
  return (
    host === 'localhost' ||
    host === '127.0.0.1' ||
    host === '[::1]' ||
    host.endsWith('.localhost') ||
    host.startsWith('dev.') ||
    host.includes('.dev.')
  );
}
