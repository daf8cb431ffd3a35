/** What the web build writes into its own sources (git-ignored): derived from other inputs, so no input itself. */
export const UI_FONT_DIR = 'web/src/app/styles/generated';
