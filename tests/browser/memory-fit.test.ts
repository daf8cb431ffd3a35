import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/browser-axe.js';
import { screenshot } from '../support/browser.js';
import { fitsPhone, go, logIn, registerThroughForm, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

/** The profile's "Your memory" card (issue 26): measured next to desired retention, and the fit button. */
const { stamp, visit } = useBrowser();
const PASSWORD = 'correct-horse-42';

describe('profile memory card', () => {
  test('shows the default retention; below the minimum the fit button says why instead of refusing, en and ko at 390 px', async () => {
    const { page, errors } = await visit('/?fromHomeMenu=true', { locale: 'en-US', viewport: 'phone' });
    await registerThroughForm(page, `memfit_${stamp}`, 'Memory', PASSWORD);
    await go(page, '/profile');
    const card = page.getByTestId('profile-memory-fit');
    await card.getByTestId('memory-fit-desired').getByText('90%').waitFor();
    expect(await card.getByTestId('memory-fit-measured').textContent()).toBe('No due reviews yet');
    expect(await card.getByTestId('memory-fit-state').textContent()).toContain('0 of 400 reviews');

    // Below the minimum the button is not offered: it is disabled and says why, tied to it for screen readers.
    const fit = card.getByTestId('memory-fit-button');
    expect(await fit.isDisabled()).toBe(true);
    expect(await card.getByTestId('memory-fit-need-more').textContent()).toBe(
      'A fit needs 400 reviews; you have 0 so far.',
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
      '복습이 400개 쌓이면 맞출 수 있습니다. 지금까지 0개입니다.',
    );
    expect(await seriousViolations(ko.page, { include: '[data-testid="profile-memory-fit"]' })).toEqual([]);
    await koCard.scrollIntoViewIfNeeded();
    await screenshot(ko.page, 'profile-memory-fit-ko-phone', false);
    expect(unexpected(ko.errors)).toEqual([]);
  });
});
