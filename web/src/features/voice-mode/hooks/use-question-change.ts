import { useEffect, useRef } from 'react';
import type { VoicePanelRefs } from './use-voice-panel-refs.js';

/** A new question (not the first one shown): the session reads it after 0.5 s. */
export function useQuestionChange(questionId: string | null, refs: VoicePanelRefs) {
  const firstQuestion = useRef(true);
  useEffect(() => {
    if (firstQuestion.current) {
      firstQuestion.current = false;
      return;
    }
    refs.session?.questionChanged();
  }, [questionId, refs]);
}
