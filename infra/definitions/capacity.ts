/**
 * The API's capacity figures, from docs/capacity-and-cost.md ("Capacity at 1 M learners"): 272 M
 * requests a month at 1 M monthly learners is ~105 a second on average and ~525 at a 5× evening
 * peak. The stage throttle is derived from that peak rather than set by hand, so raising the
 * learner estimate raises the throttle with it.
 */
export const CAPACITY = {
  /** Monthly active learners the stack is sized for. */
  learners: 1_000_000,
  /** API requests a learner makes in a month (the cost sheet's 272.1 M at 1 M learners). */
  requestsPerLearnerMonth: 272.1,
  /** Evening peak over the month's average second. */
  peakFactor: 5,
  /**
   * Room above the estimated peak before the throttle answers 429: the estimate is an average
   * learner, and one class starting an exam together is a spike the peak factor does not hold.
   */
  headroom: 2,
} as const;

const SECONDS_PER_MONTH = 30 * 24 * 3600;

/** Requests a second at the evening peak (≈ 525 at 1 M learners). */
export function peakRequestsPerSecond(capacity: typeof CAPACITY = CAPACITY): number {
  return (capacity.learners * capacity.requestsPerLearnerMonth * capacity.peakFactor) / SECONDS_PER_MONTH;
}

/**
 * The HTTP API stage's throttle: the peak times the headroom, rounded up to the next 50 (≈ 1,050/s
 * at 1 M learners), and a burst of twice that. The account's API Gateway quota is 10,000/s.
 */
export function apiThrottle(capacity: typeof CAPACITY = CAPACITY): { rateLimit: number; burstLimit: number } {
  const rateLimit = Math.ceil((peakRequestsPerSecond(capacity) * capacity.headroom) / 50) * 50;
  return { rateLimit, burstLimit: 2 * rateLimit };
}
