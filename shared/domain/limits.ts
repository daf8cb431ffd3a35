/** Numbers the original client fixes (docs/product.md#limits) and the server's own caps. */
export const LIMITS = {
  /** API Gateway's payload cap is 10 MB; we refuse JSON bodies far earlier. */
  maxJsonBodyBytes: 1024 * 1024,
  /**
   * Multipart uploads through the API (spreadsheets). Lambda's 6 MB event cap holds the body
   * base64-encoded (×4/3) plus headers, so 4 MB is what fits; larger files go straight to S3.
   */
  maxMultipartBodyBytes: 4 * 1024 * 1024,
  toastMs: { default: 3000, register: 3000, profile: 3000, userManagement: 5000 },
  redirectDelayMs: 2000,
  homeCacheMaxAgeMs: 300_000,
  homeCacheSizeCap: 2_097_152,
  mobileWidthPx: 768,
  profileQuestionCount: { min: 1, max: 50, default: 3 },
  retentionPercentage: { min: 0, max: 100, step: 5, default: 0 },
  /** Review settings: FSRS request retention, new cards and reviews a learner day. */
  desiredRetention: { min: 0.8, max: 0.97, default: 0.9 },
  newCardsPerDay: { min: 0, max: 500, default: 20 },
  maxReviewsPerDay: { min: 0, max: 9999, default: 200 },
  /** A question failed this many times is a leech (Anki's default). */
  leechFailures: 8,
  /** With nothing else left, the Review screen shows a learning step due within this (Anki's 20 minutes). */
  learnAheadMs: 20 * 60_000,
  examListPageSize: 100,
  adminSetPasswordMin: 6,
  routeChunkTimeoutMs: 120_000,
} as const;

export const CONFIRM_WORDS = { reset: 'RESET', withdraw: 'WITHDRAW' } as const;
