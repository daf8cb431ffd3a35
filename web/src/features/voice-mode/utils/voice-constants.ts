/** docs/product.md#limits voice constants. */
export const VOICE = {
  /** Final text below this confidence is dropped. */
  qualityThreshold: 0.6,
  /** This many low-quality results in a row bring up the quality warning… */
  maxLowQuality: 3,
  /** …shown this long. */
  qualityWarningMs: 5000,
  minTextLength: 2,
  maxTextLength: 200,
  /** New text overlapping the last accepted text this much (word share) is a duplicate. */
  duplicateOverlap: 0.3,
  /** The same for accumulated interim text. */
  interimDuplicateOverlap: 0.5,
  /** Listening is stopped and restarted after this long. */
  listenTimeoutMs: 300_000,
  /** Other recognition errors restart listening after this long. */
  restartDelayMs: 5000,
  networkRetries: 3,
  networkRetryDelayMs: 1500,
  speech: { rate: 0.8, pitch: 1, volume: 0.8 },
  /** Voice mode activation and the first question wait 1 s. */
  firstQuestionDelayMs: 1000,
  questionChangeDelayMs: 500,
  afterReadingDelayMs: 1500,
  /** Evaluation calls failing on the network or the server are tried this many times in all. */
  evaluationAttempts: 3,
  evaluationRetryDelayMs: 1500,
} as const;
