/** The image limits (D136), apart from the checks so a caller can know them without loading image-size. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Declared dimensions past these are refused (a 50,000 × 50,000 PNG is a few hundred bytes). */
export const MAX_IMAGE_SIDE = 8_000;
export const MAX_IMAGE_PIXELS = 40_000_000;
