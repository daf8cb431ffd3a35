import { useEffect, useRef } from 'react';
import type { VoicePanelRefs } from './use-voice-panel-refs.js';

/**
 * Voice mode stays on when the page mounts the panel again (a question card keyed by question):
 * an active session that unmounts leaves its exam here, and a panel of that exam mounting within
 * CARRY_OVER_MS picks it up and reads its question after the question-change delay.
 */
const carriedOver = new Map<string, number>();
const CARRY_OVER_MS = 3000;

/** Leaving the screen stops everything; a panel mounted again for the next question carries on. */
export function useVoiceCarryOver(refs: VoicePanelRefs, turnOn: (resumed: boolean) => void) {
  const turnOnRef = useRef(turnOn);
  turnOnRef.current = turnOn;

  useEffect(() => {
    refs.mounted = true;
    const examId = refs.props.examId;
    const leftAt = carriedOver.get(examId);
    carriedOver.delete(examId);
    if (leftAt !== undefined && Date.now() - leftAt < CARRY_OVER_MS) turnOnRef.current(true);
    return () => {
      refs.mounted = false;
      const session = refs.session;
      refs.session = null;
      if (session?.isActive) carriedOver.set(examId, Date.now());
      session?.stop();
    };
  }, [refs]);
}
