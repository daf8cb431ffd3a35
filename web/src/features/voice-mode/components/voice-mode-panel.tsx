import type { Language } from '../../../../../shared/domain/language.js';

/**
 * The take-exam screen's voice mode (spec 2 §4). The take-exam page renders it only when the exam
 * has `voice_mode_enabled`; the panel owns its on/off toggle, the browser speech facilities and
 * the evaluation call, and reports a verdict through `onPass` / `onFail` (self-grade Y / N).
 */
export interface VoiceModePanelProps {
  examId: string;
  /** The question being shown, null while none is. `answer` is the correct answer in `language` (with fallback). */
  question: { id: string; title: string; content: string; answer: string } | null;
  language: Language;
  isLastQuestion: boolean;
  /** False for anonymous visitors: voice answers record, so the panel sends them to log in. */
  signedIn: boolean;
  onPass: () => void;
  onFail: () => void;
}

// SCAFFOLD: replaced by the voice mode (issue 5).
export function VoiceModePanel(_props: VoiceModePanelProps) {
  return null;
}
