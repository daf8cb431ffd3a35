import fc from 'fast-check';
import { default_w } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { downloadScheduling } from '../../functions/domains/exams/review-offline.js';
import {
  GRADES,
  nextIntervals as serverIntervals,
  schedulerFor as serverScheduler,
  type FsrsCard,
  type Grade,
} from '../../functions/domains/learning/fsrs.js';
import { nextIntervals, schedulerFor } from '../../shared/domain/fsrs-schedule.js';

/**
 * The Review screen offline schedules with the server's rule (D385): the scheduler it builds from the
 * download (`schedulerOfDownload`: shared `schedulerFor` of the download's scheduling) equals the one
 * the server builds from the user item, so a history of grades ends in the same card and the buttons
 * show the intervals the server's queue would.
 */
const userArb = fc.record(
  {
    time_zone: fc.constantFrom('Asia/Seoul', 'Europe/Berlin', 'America/New_York', 'UTC', 'Australia/Lord_Howe'),
    day_rollover_hour: fc.integer({ min: 0, max: 23 }),
    desired_retention: fc.constantFrom(0.8, 0.85, 0.9, 0.95, 0.97),
    fsrs_weights: fc.option(fc.constant(default_w.map((w, i) => (i === 0 ? w * 1.3 : w))), { nil: undefined }),
  },
  { requiredKeys: [] },
);

const historyArb = fc.array(
  fc.record({ grade: fc.constantFrom<Grade>(...GRADES), gapMinutes: fc.integer({ min: 1, max: 60 * 24 * 40 }) }),
  { minLength: 1, maxLength: 12 },
);

describe('FSRS scheduling shared by the server and the browser', () => {
  it('replays any history to the same card and shows the same intervals', () => {
    fc.assert(
      fc.property(userArb, historyArb, fc.integer({ min: 0, max: 400 }), (user, history, startDay) => {
        const server = serverScheduler(user);
        const browser = schedulerFor(downloadScheduling(server));
        let at = Date.UTC(2026, 0, 1) + startDay * 86_400_000;
        let onServer: FsrsCard | undefined;
        let inBrowser: FsrsCard | undefined;
        for (const step of history) {
          at += step.gapMinutes * 60_000;
          const now = new Date(at);
          onServer = server.review(onServer, step.grade, now);
          inBrowser = browser.review(inBrowser, step.grade, now);
          expect(inBrowser).toEqual(onServer);
        }
        const later = new Date(at + 3 * 86_400_000);
        expect(nextIntervals(inBrowser, later, browser.day, browser)).toEqual(
          serverIntervals(onServer, later, server.day, server),
        );
      }),
      { numRuns: 150 },
    );
  });
});
