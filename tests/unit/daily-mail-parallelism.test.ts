import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parallelUsers } from '../../functions/domains/mail/daily-quiz-shard.js';

describe('daily mail: deliveries in flight per worker follow its share of the SES rate', () => {
  it('keeps 4 without a rate (locally) and at the default 14/s shared by 4 workers', () => {
    expect(parallelUsers(undefined)).toBe(4);
    expect(parallelUsers(14 / 4)).toBe(4);
  });

  it('keeps enough in flight to start its share each second at 0.25 s a delivery, up to 64', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 256, noNaN: true }), (perSecond) => {
        const inFlight = parallelUsers(perSecond);
        expect(inFlight / 0.25).toBeGreaterThanOrEqual(perSecond);
        expect(inFlight).toBeLessThanOrEqual(Math.max(4, Math.ceil(perSecond * 0.25)));
      }),
    );
    expect(parallelUsers(1000)).toBe(64);
  });
});
