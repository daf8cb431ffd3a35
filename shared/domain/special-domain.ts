/** docs/product.md#languages-and-hosts: a host containing devops or leetcode is a special domain with a fixed default tag. */
export type SpecialDomain = 'devops' | 'leetcode';

export function specialDomainOf(host: string | null | undefined): SpecialDomain | null {
  const h = (host ?? '').toLowerCase();
  if (h.includes('devops')) return 'devops';
  if (h.includes('leetcode')) return 'leetcode';
  return null;
}

/** The tag name looked up (by name) in the tag list on a special domain. */
export const SPECIAL_DOMAIN_TAG: Record<SpecialDomain, string> = {
  devops: 'DevOps',
  leetcode: 'LeetCode',
};
