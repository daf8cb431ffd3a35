import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The screen has settled: no spinner, lazy content in. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-testid="spinner"]'));
  await page.waitForTimeout(300);
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
