/**
 * The shape a feature's English file must match: the Korean file's keys with string leaves.
 * `export default {...} satisfies TranslationShape<typeof ko>` makes a missing or extra key a type error.
 */
export type TranslationShape<T> = {
  [K in keyof T]: T[K] extends string ? string : TranslationShape<T[K]>;
};

/** A loaded bundle: nested objects whose leaves are texts or lists of texts (i18next's `returnObjects`). */
export interface TranslationTree {
  [key: string]: string | readonly string[] | TranslationTree;
}
