import { evaluateVoiceAnswer } from '../api/evaluate-answer.js';
import { requestMicrophone } from '../utils/request-microphone.js';
import type { VoicePanelRefs } from './use-voice-panel-refs.js';
import type { VoiceSessionHost, VoiceViewState } from './voice-state.js';

/** The panel as the session's host: the newest props and texts when asked, its state through `update`. */
export function panelSessionHost(
  refs: VoicePanelRefs,
  update: (patch: Partial<VoiceViewState>) => void,
): VoiceSessionHost {
  return {
    examId: () => refs.props.examId,
    question: () => refs.props.question,
    language: () => refs.props.language,
    isLastQuestion: () => refs.props.isLastQuestion,
    evaluate: (question, answer, signal) =>
      evaluateVoiceAnswer({
        examId: refs.props.examId,
        question,
        userAnswer: answer,
        language: refs.props.language,
        signal,
      }),
    texts: () => ({
      completed: refs.t('voiceMode.speech.completed'),
      wrong: (reason: string) => refs.t('voiceMode.speech.wrong', { reason }),
      localReason: (evaluation) => refs.t(`voiceMode.localReason.${evaluation.localReason ?? 'too_few_words'}`),
    }),
    visible: () => refs.mounted && typeof document !== 'undefined' && document.visibilityState === 'visible',
    pass: () => refs.props.onPass(),
    fail: () => refs.props.onFail(),
    update,
    requestMicrophone,
  };
}
