import type { Language } from '#shared/domain/language.js';
import { pickVoice, speechLanguage } from './recognition-filters.js';
import { VOICE } from './voice-constants.js';

/** Reads a text aloud with speechSynthesis; resolves when it ends (or fails, or takes far too long). */
export function speakText(synthesis: SpeechSynthesis, text: string, language: Language): Promise<void> {
  return new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(guard);
      resolve();
    };
    // Some engines never fire `end`; no reading takes longer than this.
    const guard = setTimeout(finish, Math.max(5000, [...text].length * 300));
    try {
      synthesis.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = speechLanguage(language);
      utterance.rate = VOICE.speech.rate;
      utterance.pitch = VOICE.speech.pitch;
      utterance.volume = VOICE.speech.volume;
      const voice = pickVoice(synthesis.getVoices?.() ?? [], language);
      if (voice) utterance.voice = voice;
      utterance.onend = finish;
      utterance.onerror = finish;
      synthesis.speak(utterance);
    } catch {
      finish();
    }
  });
}
