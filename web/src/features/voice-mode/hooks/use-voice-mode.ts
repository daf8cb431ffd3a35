import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { VoiceModePanelProps } from '../components/voice-mode-panel.js';
import { useQuestionChange } from './use-question-change.js';
import { useVoiceCarryOver } from './use-voice-carry-over.js';
import { useVoicePanelRefs } from './use-voice-panel-refs.js';
import { useVoiceSwitch, useVoiceViewState } from './use-voice-switch.js';

/**
 * The voice mode of the take-exam screen (docs/product.md#voice-mode): on/off, the session's state for the
 * panel, and the checks before it starts (signed in, exam id, browser support, microphone).
 */
export function useVoiceMode(props: VoiceModePanelProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const refs = useVoicePanelRefs(props, t, location);
  const { state, enabled, setEnabled, update } = useVoiceViewState(refs);
  const { turnOn, turnOff } = useVoiceSwitch(refs, update, setEnabled);

  const toggle = useCallback((on: boolean) => (on ? turnOn() : turnOff()), [turnOn, turnOff]);

  const resume = useCallback(() => refs.session?.resume(), [refs]);

  useQuestionChange(props.question?.id ?? null, refs);
  useVoiceCarryOver(refs, turnOn);

  return { state, enabled, toggle, resume };
}
