import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loginPathFor } from '../../../lib/auth/safe-return-path.js';
import { detectSpeechSupport, type SpeechSupport } from '../utils/speech-support.js';
import { panelSessionHost } from './panel-session-host.js';
import type { VoicePanelRefs } from './use-voice-panel-refs.js';
import { VoiceSession } from './voice-session.js';
import { INITIAL_VOICE_STATE, type VoiceViewState } from './voice-state.js';

/** The session's state for the panel, and whether voice mode is on; a patch after unmount is dropped. */
export function useVoiceViewState(refs: VoicePanelRefs) {
  const [state, setState] = useState<VoiceViewState>(INITIAL_VOICE_STATE);
  const [enabled, setEnabled] = useState(false);

  const update = useCallback(
    (patch: Partial<VoiceViewState>) => {
      if (!refs.mounted) return;
      setState((current) => ({ ...current, ...patch }));
      if (patch.status === 'off') setEnabled(false);
    },
    [refs],
  );

  return { state, enabled, setEnabled, update };
}

/** A session for the panel, started; it reports to `update` only while it is the panel's session. */
function startPanelSession(
  support: SpeechSupport,
  refs: VoicePanelRefs,
  update: (patch: Partial<VoiceViewState>) => void,
  resumed: boolean,
) {
  const session: VoiceSession = new VoiceSession(
    support,
    panelSessionHost(refs, (patch) => {
      if (refs.session !== session) return;
      update(patch);
      if (patch.status === 'off') refs.session = null;
    }),
  );
  refs.session = session;
  void session.start({ resumed });
}

/** Turning voice mode on (after the checks: signed in, exam id, browser support) and off. */
export function useVoiceSwitch(
  refs: VoicePanelRefs,
  update: (patch: Partial<VoiceViewState>) => void,
  setEnabled: (enabled: boolean) => void,
) {
  const navigate = useNavigate();

  const turnOff = useCallback(
    (notice: VoiceViewState['notice'] = null) => {
      const session = refs.session;
      if (session)
        session.stop(notice); // reports the 'off' state itself
      else update({ ...INITIAL_VOICE_STATE, notice });
      refs.session = null;
      setEnabled(false);
    },
    [refs, update, setEnabled],
  );

  const turnOn = useCallback(
    (resumed = false) => {
      const current = refs.props;
      if (!current.signedIn) {
        navigate(loginPathFor(`${refs.location.pathname}${refs.location.search}`));
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
      startPanelSession(support, refs, update, resumed);
    },
    [refs, navigate, turnOff, update, setEnabled],
  );

  return { turnOn, turnOff };
}
