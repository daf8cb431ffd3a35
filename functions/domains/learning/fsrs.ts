import { Rating, State, createEmptyCard, fsrs, generatorParameters, type Card } from 'ts-fsrs';

/**
 * FSRS scheduling of one question for one user (ts-fsrs, FSRS-6 default parameters: 21 weights,
 * request retention 0.9, short-term learning steps 1m/10m, no fuzz so a step is deterministic).
 * A wrong answer is Rating.Again, a right one Rating.Good. The card is stored on the QSTAT item
 * as plain JSON (ISO dates, lower-case state names).
 */
export type FsrsStateName = 'new' | 'learning' | 'review' | 'relearning';

export interface FsrsCard {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: FsrsStateName;
  last_review: string | null;
}

const STATE_NAMES: Record<State, FsrsStateName> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
const STATES: Record<FsrsStateName, State> = { new: State.New, learning: State.Learning, review: State.Review, relearning: State.Relearning };

let scheduler: ReturnType<typeof fsrs> | undefined;
const fsrsScheduler = () => (scheduler ??= fsrs(generatorParameters({ enable_fuzz: false })));

function toCard(stored: FsrsCard | undefined, now: Date): Card {
  if (!stored || !STATES[stored.state]) return createEmptyCard(now);
  return {
    due: new Date(stored.due),
    stability: Number(stored.stability),
    difficulty: Number(stored.difficulty),
    elapsed_days: Number(stored.elapsed_days ?? 0),
    scheduled_days: Number(stored.scheduled_days ?? 0),
    learning_steps: Number(stored.learning_steps ?? 0),
    reps: Number(stored.reps ?? 0),
    lapses: Number(stored.lapses ?? 0),
    state: STATES[stored.state],
    last_review: stored.last_review ? new Date(stored.last_review) : undefined,
  };
}

function fromCard(card: Card): FsrsCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_NAMES[card.state],
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

/** A card never reviewed. */
export function newCard(now: Date): FsrsCard {
  return fromCard(createEmptyCard(now));
}

/** One review: the card after answering right (Good) or wrong (Again) at `now`. */
export function reviewCard(stored: FsrsCard | undefined, correct: boolean, now: Date): FsrsCard {
  const card = toCard(stored, now);
  // A clock going backwards (a card reviewed "later" by another device) must not throw.
  const at = card.last_review && card.last_review > now ? card.last_review : now;
  return fromCard(fsrsScheduler().next(card, at, correct ? Rating.Good : Rating.Again).card);
}

/**
 * The probability of recalling the card at `now`: ts-fsrs's FSRS-6 forgetting curve over the whole
 * days since the last review (0 for a card never reviewed).
 */
export function retrievability(stored: FsrsCard, now: Date): number {
  if (!stored.last_review) return 0;
  return fsrsScheduler().get_retrievability(toCard(stored, now), now, false);
}

/** Whether the card belongs on the sparse "due" index (review and relearning cards only). */
export function isScheduled(card: FsrsCard): boolean {
  return card.state === 'review' || card.state === 'relearning';
}
