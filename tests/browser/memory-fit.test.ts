import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/browser-axe.js';
import { screenshot } from '../support/browser.js';
import { fitsPhone, go, logIn, registerThroughForm, toast, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

/** The profile's "Your memory" card (issue 26): measured next to desired retention, and the fit button. */
const { stamp, visit } = useBrowser();
const PASSWORD = 'correct-horse-42';
/** The second fit of the day is refused on purpose (429); Chromium logs it. */
const notThrottle = (errors: string[]) => unexpected(errors).filter((error) => !/status of 429/.test(error));

describe('profile memory card', () => {
  test('shows the default retention, fits on demand once a day, in English and Korean at 390 px', async () => {
    const { page, errors } = await visit('/?fromHomeMenu=true', { locale: 'en-US', viewport: 'phone' });
    await registerThroughForm(page, `memfit_${stamp}`, 'Memory', PASSWORD);
    await go(page, '/profile');
    const card = page.getByTestId('profile-memory-fit');
    await card.getByTestId('memory-fit-desired').getByText('90%').waitFor();
    expect(await card.getByTestId('memory-fit-measured').textContent()).toBe('No due reviews yet');
    expect(await card.getByTestId('memory-fit-state').textContent()).toContain('0 of 400 reviews');

    // Keyboard only: focus the button and press Enter.
    await card.getByTestId('memory-fit-button').focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Not enough reviews for a fit yet: the default parameters stay.').waitFor();
    await card.getByTestId('memory-fit-button').click();
    await toast(page, 'Your reviews were fitted less than a day ago. Try again tomorrow.').waitFor();
    await fitsPhone(page);
    expect(await seriousViolations(page, { include: '[data-testid="profile-memory-fit"]' })).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-memory-fit-en-phone', false);

    expect(notThrottle(errors)).toEqual([]);

    const ko = await visit('/login', { locale: 'ko-KR', viewport: 'phone', storage: { language: 'ko' } });
    await logIn(ko.page, `memfit_${stamp}`, PASSWORD, '/profile');
    const koCard = ko.page.getByTestId('profile-memory-fit');
    await koCard.getByText('측정된 기억률').waitFor();
    await koCard.getByTestId('memory-fit-button').click();
    await toast(ko.page, '하루 안에 이미 맞췄습니다. 내일 다시 시도해 주세요.').waitFor();
    expect(await seriousViolations(ko.page, { include: '[data-testid="profile-memory-fit"]' })).toEqual([]);
    await koCard.scrollIntoViewIfNeeded();
    await screenshot(ko.page, 'profile-memory-fit-ko-phone', false);
    expect(notThrottle(ko.errors)).toEqual([]);
  });
});
