import type { Study } from '#shared/contracts/studies.js';
import { today as localToday } from './create-study-rules.js';
import { hasEnded } from './study-view.js';

/**
 * docs/product.md#studies, the home's Open Study list: the caller's studies (member or creator — what
 * `my_studies=true` answers), without those whose end date has passed, newest start first.
 * (Last recorded progress, the original client's first key, comes from record-study-progress.)
 */
export function openStudies(studies: readonly Study[], today: string = localToday()): Study[] {
  return studies
    .filter((study) => !hasEnded(study, today))
    .sort((a, b) => (b.start_date ?? '').localeCompare(a.start_date ?? '') || a.id.localeCompare(b.id));
}
