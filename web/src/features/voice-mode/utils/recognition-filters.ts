import type { Language } from '#shared/domain/language.js';
import { VOICE } from './voice-constants.js';

/** Why a recognised final text was not taken as an answer (docs/product.md#voice-mode). */
export type TranscriptRejection = 'empty' | 'lowConfidence' | 'tooShort' | 'tooLong' | 'noLetters';

const LETTER = /[\p{Script=Hangul}A-Za-z\u00C0-\u024F]/u;

/**
 * docs/product.md#voice-mode: a final text is accepted only with confidence ≥ 0.6, 2–200 characters (trimmed)
 * and at least one Korean or Latin letter. Returns null when accepted, else the reason.
 * A confidence the engine did not report at all (undefined, NaN) is not held against the text.
 */
export function transcriptRejection(text: string, confidence: number | undefined | null): TranscriptRejection | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  if (typeof confidence === 'number' && Number.isFinite(confidence) && confidence < VOICE.qualityThreshold)
    return 'lowConfidence';
  const length = [...trimmed].length;
  if (length < VOICE.minTextLength) return 'tooShort';
  if (length > VOICE.maxTextLength) return 'tooLong';
  if (!LETTER.test(trimmed)) return 'noLetters';
  return null;
}

/** An empty result is not a quality problem (nothing was said); the others are. */
export function isLowQuality(rejection: TranscriptRejection | null): boolean {
  return rejection !== null && rejection !== 'empty';
}

/** Words for overlap: NFKC, lower-case, split on anything that is not a letter or digit. */
export function transcriptWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Share (0–1) of the new text's distinct words already present in the previous text. */
export function wordOverlapRatio(next: string, previous: string): number {
  const words = [...new Set(transcriptWords(next))];
  if (words.length === 0) return 0;
  const before = new Set(transcriptWords(previous));
  if (before.size === 0) return 0;
  return words.filter((word) => before.has(word)).length / words.length;
}

/**
 * docs/product.md#voice-mode: new text overlapping the last accepted text by 0.3 or more is a duplicate (a
 * recogniser repeating itself); for accumulated interim text the bar is 0.5.
 */
export function isDuplicateTranscript(
  next: string,
  previous: string | null | undefined,
  accumulatedInterim = false,
): boolean {
  if (!previous) return false;
  const threshold = accumulatedInterim ? VOICE.interimDuplicateOverlap : VOICE.duplicateOverlap;
  return wordOverlapRatio(next, previous) >= threshold;
}

export interface QualityState {
  /** Low-quality results in a row. */
  lowQualityStreak: number;
}

/**
 * Counts low-quality results in a row: the third brings the warning (and the count starts
 * again); an accepted text resets it; an empty one leaves it as it was.
 */
export function nextQuality(
  state: QualityState,
  rejection: TranscriptRejection | null,
): { state: QualityState; warn: boolean } {
  if (rejection === null) return { state: { lowQualityStreak: 0 }, warn: false };
  if (!isLowQuality(rejection)) return { state, warn: false };
  const streak = state.lowQualityStreak + 1;
  if (streak >= VOICE.maxLowQuality) return { state: { lowQualityStreak: 0 }, warn: true };
  return { state: { lowQualityStreak: streak }, warn: false };
}

/** docs/product.md#limits: speech and recognition language. */
export function speechLanguage(language: Language): 'ko-KR' | 'en-US' {
  return language === 'en' ? 'en-US' : 'ko-KR';
}

export interface VoiceLike {
  lang: string;
  name: string;
  default?: boolean;
  localService?: boolean;
}

/**
 * The voice to read with: one for the language (a Korean one by default, docs/product.md#limits), the
 * browser's default among them first, then a local one; null lets the browser choose.
 */
export function pickVoice<V extends VoiceLike>(voices: readonly V[], language: Language): V | null {
  const prefix = language === 'en' ? 'en' : 'ko';
  const matching = voices.filter((voice) => voice.lang.toLowerCase().replace('_', '-').startsWith(prefix));
  if (matching.length === 0) return null;
  return matching.find((voice) => voice.default) ?? matching.find((voice) => voice.localService) ?? matching[0]!;
}

/** What is read aloud for a question: its title, then its content when that says more. */
export function questionSpeech(question: { title: string; content: string }): string {
  const title = question.title.trim();
  const content = question.content.trim();
  if (!content || content === title) return title;
  if (!title) return content;
  return `${title}. ${content}`;
}
