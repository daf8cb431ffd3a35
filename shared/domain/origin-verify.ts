/**
 * The secret header CloudFront adds to every request it sends the API (architecture.md §6): the
 * functions refuse requests without it, so the execute-api endpoint cannot be used to go around
 * CloudFront (its viewer-IP header, the WAF). The expected value reaches the functions in the
 * environment variable below; where that is unset (local runs, tests) the check is off.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
export const ORIGIN_VERIFY_ENV = 'ORIGIN_VERIFY_SECRET';
