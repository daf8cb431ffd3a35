/** Which generator made a candidate: the rules on this device, or the deployment's model. */
export type Tier = 'rules' | 'model';

export type NotesLanguage = 'ko' | 'en';

/**
 * How a candidate was made: a gap on a key term of a sentence, a term asked from its definition,
 * the items of a list under a heading, a row of a term/definition table, or (the model's) a
 * question with a typed answer.
 */
export type CandidateKind = 'cloze' | 'definition' | 'list' | 'table' | 'question';

/**
 * One proposed question. `content` is the question (cloze syntax `{{c1::answer}}` for gaps),
 * `answers` are the texts a learner must give (one per gap, or the one answer), each found verbatim
 * in `source`, the sentence, list or table row it was made from.
 */
export interface Candidate {
  id: string;
  kind: CandidateKind;
  tier: Tier;
  language: NotesLanguage;
  content: string;
  answers: string[];
  source: string;
}

export interface GenerateResult {
  candidates: Candidate[];
  /** Words read in the notes (after the cap). */
  words: number;
  /** The notes' words before the cap, when they were more than {@link NOTES_LIMITS.maxWords}. */
  cappedFrom: number | null;
  /** True when more candidates were found than {@link NOTES_LIMITS.maxCandidates}. */
  candidatesCapped: boolean;
}

/** docs/product.md#questions-from-notes: what the rules read and propose at most. */
export const NOTES_LIMITS = {
  /** Words of notes read; the rest is left out with a message (tagging 200,000 words would take minutes on a phone). */
  maxWords: 10_000,
  /** Candidates proposed: more than a learner reviews on one screen. */
  maxCandidates: 500,
  /** Items of a list made into gaps of one card. */
  maxListItems: 10,
} as const;
