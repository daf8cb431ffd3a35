/** The browser's speech facilities, as far as voice mode uses them. */
export interface SpeechRecognitionResultLike {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: { transcript: string; confidence: number };
}

export interface SpeechRecognitionEventLike {
  readonly resultIndex: number;
  readonly results: { readonly length: number; [index: number]: SpeechRecognitionResultLike };
}

export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: SpeechRecognitionEventLike) => void) | null;
  onerror: ((event: { error: string; message?: string }) => void) | null;
  onend: (() => void) | null;
  onstart: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

export interface SpeechSupport {
  Recognition: SpeechRecognitionConstructor;
  synthesis: SpeechSynthesis;
}

/** SpeechRecognition (or the webkit one) and speechSynthesis, or null when either is missing. */
export function detectSpeechSupport(
  scope: unknown = typeof window === 'undefined' ? undefined : window,
): SpeechSupport | null {
  if (!scope || typeof scope !== 'object') return null;
  const w = scope as {
    SpeechRecognition?: unknown;
    webkitSpeechRecognition?: unknown;
    speechSynthesis?: unknown;
    SpeechSynthesisUtterance?: unknown;
  };
  const Recognition = (w.SpeechRecognition ?? w.webkitSpeechRecognition) as SpeechRecognitionConstructor | undefined;
  if (typeof Recognition !== 'function') return null;
  if (!w.speechSynthesis || typeof w.SpeechSynthesisUtterance !== 'function') return null;
  return { Recognition, synthesis: w.speechSynthesis as SpeechSynthesis };
}
