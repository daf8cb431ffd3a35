import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/domain/language.js';
import button from '../../../components/ui/button/button.module.css';
import card from '../../../components/ui/card/card.module.css';
import { Switch } from '../../../components/ui/switch/switch.js';
import { useVoiceMode } from '../hooks/use-voice-mode.js';
import styles from './voice-mode-panel.module.css';

/**
 * The take-exam screen's voice mode (docs/product.md#voice-mode). The take-exam page renders it only when the exam
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

/** Voice mode: the toggle, what it is doing, what it heard, and the verdict (docs/product.md#voice-mode, #errors). */
export function VoiceModePanel(props: VoiceModePanelProps) {
  const { t } = useTranslation();
  const { state, enabled, toggle, resume } = useVoiceMode(props);
  const on = enabled && state.status !== 'off';
  const verdict = on && state.verdict && state.verdict.questionId === props.question?.id ? state.verdict : null;

  return (
    <section
      className={`${card.panel} ${styles.panel} ${on ? styles.panelOn : ''}`}
      aria-label={t('voiceMode.title')}
      data-testid="voice-mode-panel"
    >
      <div className={styles.head}>
        <span className={`${styles.mic} ${state.status === 'listening' ? styles.micLive : ''}`} aria-hidden="true">
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="9" y="3" width="6" height="11" rx="3" />
            <path d="M5.5 11a6.5 6.5 0 0 0 13 0" />
            <path d="M12 17.5V21" />
          </svg>
        </span>
        <div className={styles.toggle}>
          <Switch
            checked={on}
            onChange={toggle}
            label={t('voiceMode.toggle')}
            description={t('voiceMode.description')}
            testId="voice-mode-toggle"
          />
        </div>
      </div>

      {on && (
        <div className={styles.body}>
          <p
            className={styles.status}
            role="status"
            aria-live="polite"
            data-testid="voice-status"
            data-status={state.status}
          >
            <span className={`${styles.dot} ${styles[`dot_${state.status}`] ?? ''}`} aria-hidden="true" />
            {t(`voiceMode.status.${state.status}`)}
          </p>

          {state.interim && (
            <p className={styles.interim} data-testid="voice-interim">
              {t('voiceMode.interim', { text: state.interim })}
            </p>
          )}
          {state.heard && (
            <p className={styles.heard} data-testid="voice-transcript">
              {t('voiceMode.heard', { text: state.heard })}
            </p>
          )}

          {verdict && (
            <div
              className={`${styles.verdict} ${verdict.isCorrect ? styles.verdictCorrect : styles.verdictWrong}`}
              data-testid="voice-verdict"
              data-correct={String(verdict.isCorrect)}
            >
              <strong>{verdict.isCorrect ? t('voiceMode.correct') : t('voiceMode.incorrect')}</strong>
              {verdict.isCorrect && !props.isLastQuestion && (
                <span className={styles.reason}>{t('voiceMode.nextHint')}</span>
              )}
              {!verdict.isCorrect && verdict.reason && (
                <span className={styles.reason} data-testid="voice-reason">
                  {t('voiceMode.reason', { reason: verdict.reason })}
                </span>
              )}
            </div>
          )}

          {state.qualityWarning && (
            <p className={`${styles.notice} ${styles.warning}`} role="alert" data-testid="voice-quality-warning">
              {t('voiceMode.qualityWarning')}
            </p>
          )}

          {state.paused && (
            <button
              type="button"
              className={`${button.button} ${button.secondary} ${button.small}`}
              onClick={resume}
              data-testid="voice-listen-again"
            >
              {t('voiceMode.listenAgain')}
            </button>
          )}
        </div>
      )}

      {state.notice && (
        <p
          className={`${styles.notice} ${state.notice === 'evaluationError' ? styles.warning : styles.error}`}
          role="alert"
          data-testid="voice-notice"
          data-notice={state.notice}
        >
          {t(`voiceMode.notices.${state.notice}`)}
        </p>
      )}
    </section>
  );
}
