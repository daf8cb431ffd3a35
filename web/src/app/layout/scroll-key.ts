/**
 * Every page load's first history entry has the key `default`, so by key a typed or opened URL would get the
 * position saved for whatever page the tab loaded before it (a fresh /review opened at the footer). Those
 * entries are kept by path instead: a reload still comes back where it was.
 */
export const scrollKey = (location: { key: string; pathname: string }) =>
  location.key === 'default' ? `load:${location.pathname}` : location.key;
