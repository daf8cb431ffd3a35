import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginPathFor } from '../../../lib/auth/safe-return-path.js';
import { evaluateVoiceAnswer } from '../api/evaluate-answer.js';
import type { VoiceModePanelProps } from '../components/voice-mode-panel.js';
import { detectSpeechSupport } from '../utils/speech-support.js';
import { VoiceSession } from './voice-session.js';
import { INITIAL_VOICE_STATE, type VoiceViewState } from './voice-state.js';

/**
 * Voice mode stays on when the page mounts the panel again (a question card keyed by question):
 * an active session that unmounts leaves its exam here, and a panel of that exam mounting within
 * CARRY_OVER_MS picks it up and reads its question after the question-change delay.
 */
const carriedOver = new Map<string, number>();
const CARRY_OVER_MS = 3000;

/** Asks for the microphone once (the permission prompt) and lets it go again at once. */
async function requestMicrophone(): Promise<boolean> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  // No media devices API (old engine): the recognition's own not-allowed error will tell.
  if (!media?.getUserMedia) return true;
  try {
    const stream = await media.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    return true;
  } catch {
    return false;
  }
}

/**
 * The voice mode of the take-exam screen (docs/product.md#voice-mode): on/off, the session's state for the
 * panel, and the checks before it starts (signed in, exam id, browser support, microphone).
 */
export function useVoiceMode(props: VoiceModePanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<VoiceViewState>(INITIAL_VOICE_STATE);
  const [enabled, setEnabled] = useState(false);
  const sessionRef = useRef<VoiceSession | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const tRef = useRef(t);
  tRef.current = t;
  const mounted = useRef(true);
  const locationRef = useRef(location);
  locationRef.current = location;

  const update = useCallback((patch: Partial<VoiceViewState>) => {
    if (!mounted.current) return;
    setState((current) => ({ ...current, ...patch }));
    if (patch.status === 'off') setEnabled(false);
  }, []);

  const turnOff = useCallback(
    (notice: VoiceViewState['notice'] = null) => {
      const session = sessionRef.current;
      if (session)
        session.stop(notice); // reports the 'off' state itself
      else update({ ...INITIAL_VOICE_STATE, notice });
      sessionRef.current = null;
      setEnabled(false);
    },
    [update],
  );

  const turnOn = useCallback(
    (resumed = false) => {
      const current = propsRef.current;
      if (!current.signedIn) {
        navigate(loginPathFor(`${locationRef.current.pathname}${locationRef.current.search}`));
        return;
      }
      if (!current.examId) {
        turnOff('noExamId');
        return;
      }
      const support = detectSpeechSupport();
      if (!support) {
        turnOff('notSupported');
        return;
      }
      setEnabled(true);
      const session = new VoiceSession(support, {
        examId: () => propsRef.current.examId,
        question: () => propsRef.current.question,
        language: () => propsRef.current.language,
        isLastQuestion: () => propsRef.current.isLastQuestion,
        evaluate: (question, answer, signal) =>
          evaluateVoiceAnswer({
            examId: propsRef.current.examId,
            question,
            userAnswer: answer,
            language: propsRef.current.language,
            signal,
          }),
        texts: () => ({
          completed: tRef.current('voiceMode.speech.completed'),
          wrong: (reason: string) => tRef.current('voiceMode.speech.wrong', { reason }),
          localReason: (evaluation) =>
            tRef.current(`voiceMode.localReason.${evaluation.localReason ?? 'too_few_words'}`),
        }),
        visible: () => mounted.current && typeof document !== 'undefined' && document.visibilityState === 'visible',
        pass: () => propsRef.current.onPass(),
        fail: () => propsRef.current.onFail(),
        update: (patch) => {
          if (sessionRef.current !== session) return;
          update(patch);
          if (patch.status === 'off') sessionRef.current = null;
        },
        requestMicrophone,
      });
      sessionRef.current = session;
      void session.start({ resumed });
    },
    [navigate, turnOff, update],
  );
  const turnOnRef = useRef(turnOn);
  turnOnRef.current = turnOn;

  const toggle = useCallback((on: boolean) => (on ? turnOn() : turnOff()), [turnOn, turnOff]);

  const resume = useCallback(() => sessionRef.current?.resume(), []);

  // A new question: the session reads it after 0.5 s.
  const questionId = props.question?.id ?? null;
  const firstQuestion = useRef(true);
  useEffect(() => {
    if (firstQuestion.current) {
      firstQuestion.current = false;
      return;
    }
    sessionRef.current?.questionChanged();
  }, [questionId]);

  // Leaving the screen stops everything; a panel mounted again for the next question carries on.
  useEffect(() => {
    mounted.current = true;
    const examId = propsRef.current.examId;
    const leftAt = carriedOver.get(examId);
    carriedOver.delete(examId);
    if (leftAt !== undefined && Date.now() - leftAt < CARRY_OVER_MS) turnOnRef.current(true);
    return () => {
      mounted.current = false;
      const session = sessionRef.current;
      sessionRef.current = null;
      if (session?.isActive) carriedOver.set(examId, Date.now());
      session?.stop();
    };
  }, []);

  return { state, enabled, toggle, resume };
}
