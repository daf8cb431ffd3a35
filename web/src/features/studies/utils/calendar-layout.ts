/**
 * The month calendar of the study list (docs/product.md#study-list, #limits): a grid of whole weeks (Sunday first)
 * around one month; each day shows at most 3 study bars and a "+N" for the rest. Dates are the
 * studies' own `YYYY-MM-DD` strings, compared as strings, so no time zone can shift a bar by a day.
 */

export const MAX_BARS_PER_DAY = 3;

/** 20 colours, each dark enough for white text (contrast ≥ 4.5:1). */
export const STUDY_COLORS = [
  '#1d4ed8',
  '#b91c1c',
  '#047857',
  '#7c3aed',
  '#b45309',
  '#0e7490',
  '#be185d',
  '#4d7c0f',
  '#4338ca',
  '#9a3412',
  '#0f766e',
  '#a21caf',
  '#1e40af',
  '#991b1b',
  '#166534',
  '#6d28d9',
  '#92400e',
  '#155e75',
  '#9d174d',
  '#3f6212',
] as const;

export interface CalendarStudy {
  id: string;
  title: string;
  start_date: string | null;
  end_date: string | null;
}

export interface CalendarBar {
  id: string;
  title: string;
  color: string;
  /** The bar begins on this day (or the week starts within the study): its title is shown. */
  starts: boolean;
}

export interface CalendarDay {
  date: string;
  day: number;
  inMonth: boolean;
  bars: CalendarBar[];
  /** Studies of this day beyond the 3 bars. */
  more: number;
}

export interface MonthRef {
  year: number;
  /** 1–12 */
  month: number;
}

/** A stable colour for a study: a 32-bit string hash of its id, modulo the palette. */
export function studyColor(id: string): string {
  let hash = 0;
  for (let index = 0; index < id.length; index += 1) hash = (Math.imul(hash, 31) + id.charCodeAt(index)) | 0;
  return STUDY_COLORS[Math.abs(hash) % STUDY_COLORS.length]!;
}

export function shiftMonth({ year, month }: MonthRef, delta: number): MonthRef {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function monthOf(date: Date): MonthRef {
  return { year: date.getFullYear(), month: date.getMonth() + 1 };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A study without an end runs on; one without a start begins on its end (or never shows). */
function activeOn(study: CalendarStudy, date: string): boolean {
  const start = study.start_date ?? study.end_date;
  if (!start) return false;
  return start <= date && (study.end_date === null || date <= study.end_date);
}

/** Earlier start first, then longer, then id: the same study keeps its row order on every day. */
function byStart(a: CalendarStudy, b: CalendarStudy): number {
  const aStart = a.start_date ?? a.end_date ?? '';
  const bStart = b.start_date ?? b.end_date ?? '';
  if (aStart !== bStart) return aStart < bStart ? -1 : 1;
  const aEnd = a.end_date ?? '9999-12-31';
  const bEnd = b.end_date ?? '9999-12-31';
  if (aEnd !== bEnd) return aEnd > bEnd ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The weeks (7 days each, Sunday first) covering `month`, each day with its bars and overflow. */
export function layoutMonth(month: MonthRef, studies: readonly CalendarStudy[]): CalendarDay[][] {
  const first = new Date(Date.UTC(month.year, month.month - 1, 1));
  const gridStart = new Date(first);
  gridStart.setUTCDate(1 - first.getUTCDay());
  const last = new Date(Date.UTC(month.year, month.month, 0));
  const days = Math.ceil((last.getUTCDate() + first.getUTCDay()) / 7) * 7;
  const ordered = [...studies].sort(byStart);

  const weeks: CalendarDay[][] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const date = new Date(gridStart);
    date.setUTCDate(gridStart.getUTCDate() + offset);
    const iso = isoDay(date);
    const active = ordered.filter((study) => activeOn(study, iso));
    const weekStart = offset % 7 === 0;
    const day: CalendarDay = {
      date: iso,
      day: date.getUTCDate(),
      inMonth: date.getUTCMonth() === month.month - 1,
      bars: active.slice(0, MAX_BARS_PER_DAY).map((study) => ({
        id: study.id,
        title: study.title,
        color: studyColor(study.id),
        starts: weekStart || (study.start_date ?? study.end_date) === iso,
      })),
      more: Math.max(0, active.length - MAX_BARS_PER_DAY),
    };
    if (weekStart) weeks.push([]);
    weeks[weeks.length - 1]!.push(day);
  }
  return weeks;
}
