/**
 * negotiator's Accept-Language matcher on its own: the package's entry also loads its media-type,
 * charset and encoding matchers (about 4 KB more in every Lambda), and @types/negotiator types only
 * the entry. Same function as `new Negotiator({ headers }).languages(provided)`.
 */
declare module 'negotiator/lib/language.js' {
  function preferredLanguages(accept: string | undefined, provided?: string[]): string[];
  export = preferredLanguages;
}
