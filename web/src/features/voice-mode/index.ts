/** The voice mode feature's public entry: the exam runner shows its panel beside the question. */
export { VoiceModePanel } from './components/voice-mode-panel.js';
