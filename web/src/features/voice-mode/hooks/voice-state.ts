import type { Language } from '#shared/domain/language.js';
import type { VoiceEvaluation } from '../api/evaluate-answer.js';

/** docs/product.md#voice-mode: initializing → connected → reading the question → listening → submitting → evaluating. */
export type VoiceStatus =
  'off' | 'initializing' | 'connected' | 'speaking' | 'listening' | 'submitting' | 'evaluating' | 'completed';

export type VoiceNotice = 'notSupported' | 'noExamId' | 'permissionDenied' | 'networkFailed' | 'evaluationError';

export interface VoiceVerdict {
  questionId: string;
  answer: string;
  isCorrect: boolean;
  /** The reason to show for a wrong answer (already in the screen's language). */
  reason: string;
}

export interface VoiceViewState {
  status: VoiceStatus;
  /** Listening has stopped after an error; the user may start it again. */
  paused: boolean;
  interim: string;
  heard: string;
  verdict: VoiceVerdict | null;
  qualityWarning: boolean;
  notice: VoiceNotice | null;
}

export const INITIAL_VOICE_STATE: VoiceViewState = {
  status: 'off',
  paused: false,
  interim: '',
  heard: '',
  verdict: null,
  qualityWarning: false,
  notice: null,
};

export interface VoiceQuestion {
  id: string;
  title: string;
  content: string;
  answer: string;
}

/** What the session reads from the panel's current props at the moment it needs them. */
export interface VoiceSessionHost {
  examId(): string;
  question(): VoiceQuestion | null;
  language(): Language;
  isLastQuestion(): boolean;
  evaluate(question: VoiceQuestion, answer: string, signal: AbortSignal): Promise<VoiceEvaluation>;
  /** Texts spoken or shown that the session does not own. */
  texts(): {
    completed: string;
    wrong: (reason: string) => string;
    localReason: (evaluation: VoiceEvaluation) => string;
  };
  /** The panel is connected and on screen: a wrong answer is shown there rather than failed. */
  visible(): boolean;
  pass(): void;
  fail(): void;
  update(patch: Partial<VoiceViewState>): void;
  requestMicrophone(): Promise<boolean>;
}
