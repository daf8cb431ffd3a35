import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { animationsEnded } from './browser-pages.js';

/**
 * The screen has settled: no spinner (lazy chunks and reads show one), and every finite animation has
 * ended — a text still fading in would read as low contrast.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-testid="spinner"]'));
  await animationsEnded(page);
}

/**
 * The product's bar: the serious and critical axe-core violations on the page (or inside `include`),
 * one line each with the first few offending nodes, prefixed by `label` (the path by default).
 * label-content-name-mismatch is among axe's experimental rules (off by default); the audit wants it.
 */
export async function seriousViolations(
  page: Page,
  options: { include?: string; label?: string } = {},
): Promise<string[]> {
  await settled(page);
  let builder = new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  // A page without frames needs none of the frame aggregation (a blank page opened per audit and axe
  // injected three times): axe.run in the page itself is the same audit at half the cost.
  if (page.frames().length === 1) builder = builder.setLegacyMode(true);
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  const label = options.label ?? new URL(page.url()).pathname;
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${label} ${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 4)
          .join(' | ')}`,
    );
}
