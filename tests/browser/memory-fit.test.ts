import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import { movedWeights, syntheticFsrsLog } from '../../bench/synthetic-fsrs-learner.js';
import { seriousViolations } from '../support/browser-axe.js';
import { screenshot, VIEWPORTS } from '../support/browser.js';
import { fitsPhone, go, logIn, pageApi, registerThroughForm, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';
import { writeReviewLog } from '../support/learner-records.js';
import { runFsrsFitJob } from '../../functions/jobs/fsrs-fit-run.js';
import { createLogger } from '../../functions/runtime/log.js';

/**
 * The profile's "Your memory" card: measured next to desired retention, the fit button, and the
 * last fit judged on the learner's newest reviews (log loss before and after, kept or not).
 */
const { stamp, visit } = useBrowser();
const PASSWORD = 'correct-horse-42';

describe('profile memory card', () => {
  test('below the minimum the fit button says why; with a review log the fit shows its log loss before and after and that it was kept, en and ko, 390 px and desktop', async () => {
    const { page, errors } = await visit('/?fromHomeMenu=true', { locale: 'en-US', viewport: 'phone' });
    await registerThroughForm(page, `memfit_${stamp}`, 'Memory', PASSWORD);
    await go(page, '/profile');
    const card = page.getByTestId('profile-memory-fit');
    await card.getByTestId('memory-fit-desired').getByText('90%').waitFor();
    expect(await card.getByTestId('memory-fit-measured').textContent()).toBe('No due reviews yet');
    expect(await card.getByTestId('memory-fit-state').textContent()).toContain('0 of 60 reviews');
    expect(await card.getByTestId('memory-fit-result').count()).toBe(0);

    // Below the minimum the button is not offered: it is disabled and says why, tied to it for screen readers.
    const fit = card.getByTestId('memory-fit-button');
    expect(await fit.isDisabled()).toBe(true);
    expect(await card.getByTestId('memory-fit-need-more').textContent()).toBe(
      'A fit needs 60 reviews; you have 0 so far.',
    );
    expect(await fit.getAttribute('aria-describedby')).toBe('memory-fit-need-more');
    await fitsPhone(page);
    expect(await seriousViolations(page, { include: '[data-testid="profile-memory-fit"]' })).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-memory-fit-en-phone', false);

    // The retention helper beside it, in English on a desktop (the same page, widened).
    await page.setViewportSize({ width: 1280, height: 900 });
    const helper = page.getByTestId('retention-helper');
    await helper.getByText('20 new questions a day').waitFor();
    await helper.locator('.recharts-surface').first().waitFor();
    expect(await helper.locator('tr[aria-current="true"] th').textContent()).toBe('90%');
    expect(await helper.locator('tbody tr').count()).toBe(7);
    expect(await seriousViolations(page, { include: '[data-testid="profile-review"]' })).toEqual([]);
    await helper.scrollIntoViewIfNeeded();
    await screenshot(page, 'review-workload-en-desktop', false);

    expect(unexpected(errors)).toEqual([]);

    const ko = await visit('/login', { locale: 'ko-KR', viewport: 'phone', storage: { language: 'ko' } });
    await logIn(ko.page, `memfit_${stamp}`, PASSWORD, '/profile');
    const koCard = ko.page.getByTestId('profile-memory-fit');
    await koCard.getByText('측정된 기억률').waitFor();
    expect(await koCard.getByTestId('memory-fit-button').isDisabled()).toBe(true);
    expect(await koCard.getByTestId('memory-fit-need-more').textContent()).toBe(
      '복습이 60개 쌓이면 맞출 수 있습니다. 지금까지 0개입니다.',
    );
    expect(await seriousViolations(ko.page, { include: '[data-testid="profile-memory-fit"]' })).toEqual([]);
    await koCard.scrollIntoViewIfNeeded();
    await screenshot(ko.page, 'profile-memory-fit-ko-phone', false);

    // A month of reviews by a learner who forgets faster than the defaults assume, written where the fit reads them.
    const { body: status } = await pageApi<{ user: { id: string } }>(ko.page, 'GET', '/api/auth/status/');
    const cloud = JSON.parse(readFileSync(join(inject('dataDir'), 'local-cloud.json'), 'utf8')) as {
      env: Record<string, string>;
    };
    Object.assign(process.env, cloud.env);
    const id = status.user.id;
    await writeReviewLog(id, syntheticFsrsLog({ weights: movedWeights(2, 0.3), newPerDay: 5, days: 30, seed: 2 }));
    // The weekly job fits them (the path every learner gets; the button's POST is the integration tests').
    expect(
      await runFsrsFitJob(Date.now() + 120_000, createLogger({ job: 'browser' }), {
        only: new Set([id]),
        walk: `browser-${stamp}`,
      }),
    ).toMatchObject({
      visited: 1,
      fitted: 1,
    });
    await go(ko.page, '/profile');
    const koResult = koCard.getByTestId('memory-fit-result');
    await koResult.waitFor();
    const before = Number(await koResult.getByTestId('memory-fit-loss-before').textContent());
    const after = Number(await koResult.getByTestId('memory-fit-loss-after').textContent());
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    expect(await koResult.getByTestId('memory-fit-kept').textContent()).toMatch(
      /^적용함: 최근 복습 \d+개를 더 잘 예측해 이 매개변수로 일정을 정합니다\. 이번 맞춤은 첫 답을 얼마나 오래 기억하는지만 바꿨습니다\. 복습이 1,000개 쌓이면 모든 매개변수를 맞춥니다\.$/,
    );
    expect(await koCard.getByTestId('memory-fit-measured').textContent()).toMatch(/^\d+(\.\d)?%$/);
    await fitsPhone(ko.page);
    expect(await seriousViolations(ko.page, { include: '[data-testid="profile-memory-fit"]' })).toEqual([]);
    await koCard.scrollIntoViewIfNeeded();
    await screenshot(ko.page, 'profile-memory-fit-result-ko-phone', false);
    expect(unexpected(ko.errors)).toEqual([]);

    // The same figures in English on a desktop: the English page, widened and reloaded.
    await page.setViewportSize(VIEWPORTS.desktop);
    await go(page, '/profile');
    const result = card.getByTestId('memory-fit-result');
    await result.getByText('Last fit, judged on your newest reviews').waitFor();
    expect(Number(await result.getByTestId('memory-fit-loss-before').textContent())).toBe(before);
    expect(Number(await result.getByTestId('memory-fit-loss-after').textContent())).toBe(after);
    expect(await result.getByTestId('memory-fit-kept').textContent()).toMatch(
      /^Kept: it predicted your newest \d+ reviews better, so your schedule uses it\. This fit changed only how long a first answer is remembered; all parameters are fitted once you have 1,000 reviews\.$/,
    );
    expect(await card.getByTestId('memory-fit-state').textContent()).toMatch(/fitted to your \d+ reviews/);
    expect(await seriousViolations(page, { include: '[data-testid="profile-memory-fit"]' })).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-memory-fit-result-en-desktop', false);
    expect(unexpected(errors)).toEqual([]);
  });
});
