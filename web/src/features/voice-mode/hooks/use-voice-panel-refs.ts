import type { TFunction } from 'i18next';
import { useRef } from 'react';
import type { Location } from 'react-router-dom';
import type { VoiceModePanelProps } from '../components/voice-mode-panel.js';
import type { VoiceSession } from './voice-session.js';

/**
 * What the voice mode's callbacks share, outside React's render cycle: one object per panel, its
 * fields changed in place (as refs are), so the session always reads the newest.
 */
export interface VoicePanelRefs {
  /** The panel's props of the last render. */
  props: VoiceModePanelProps;
  t: TFunction;
  location: Location;
  /** The panel is mounted: a state update after it unmounted is dropped. */
  mounted: boolean;
  /** The session running, null while voice mode is off. */
  session: VoiceSession | null;
}

/** The shared refs, created once; `props`, `t` and `location` follow each render's. */
export function useVoicePanelRefs(props: VoiceModePanelProps, t: TFunction, location: Location): VoicePanelRefs {
  const refs = useRef<VoicePanelRefs | null>(null);
  refs.current ??= { props, t, location, mounted: true, session: null };
  refs.current.props = props;
  refs.current.t = t;
  refs.current.location = location;
  return refs.current;
}
