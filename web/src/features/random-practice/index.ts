/** The random-practice feature's public entry: the home card's rules (spec 1 §2). */
export { useRandomPracticeEntry } from './hooks/use-random-practice-entry.js';
