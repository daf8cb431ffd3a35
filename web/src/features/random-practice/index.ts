/** The random-practice feature's public entry: the home card's rules (docs/product.md#random-practice). */
export { useRandomPracticeEntry } from './hooks/use-random-practice-entry.js';
