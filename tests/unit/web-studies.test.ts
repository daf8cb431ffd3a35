import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createStudyBody,
  parseProgress,
  studyTitleError,
} from '../../web/src/features/studies/utils/create-study-rules.js';
import { goalLines } from '../../web/src/features/studies/utils/goal-text.js';
import { openStudies } from '../../web/src/features/studies/utils/open-studies.js';
import { nextSort, sortRows } from '../../web/src/lib/table-sort.js';
import {
  layoutMonth,
  MAX_BARS_PER_DAY,
  shiftMonth,
  STUDY_COLORS,
  studyColor,
  type CalendarStudy,
} from '../../web/src/features/studies/utils/calendar-layout.js';

const study = (id: string, start_date: string | null, end_date: string | null): CalendarStudy => ({
  id,
  title: id,
  start_date,
  end_date,
});
const dayOf = (weeks: ReturnType<typeof layoutMonth>, date: string) => weeks.flat().find((day) => day.date === date)!;

describe('study calendar layout', () => {
  it('covers the month in whole Sunday-first weeks', () => {
    // November 2026 starts on a Sunday and has 30 days: 5 weeks, no day of October.
    const november = layoutMonth({ year: 2026, month: 11 }, []);
    expect(november).toHaveLength(5);
    expect(november[0]![0]!.date).toBe('2026-11-01');
    expect(november.flat().filter((day) => day.inMonth)).toHaveLength(30);
    // February 2026 starts on a Sunday, 28 days: exactly 4 weeks.
    expect(layoutMonth({ year: 2026, month: 2 }, [])).toHaveLength(4);
    // August 2026 starts on a Saturday: the grid opens on Sunday 26 July and takes 6 weeks.
    const august = layoutMonth({ year: 2026, month: 8 }, []);
    expect(august[0]![0]).toMatchObject({ date: '2026-07-26', inMonth: false });
    expect(august).toHaveLength(6);
    for (const week of august) expect(week).toHaveLength(7);
  });

  it('shows a study on each day of its period, inclusive, and nowhere else', () => {
    const weeks = layoutMonth({ year: 2026, month: 11 }, [study('a', '2026-11-03', '2026-11-05')]);
    const withBar = weeks
      .flat()
      .filter((day) => day.bars.length > 0)
      .map((day) => day.date);
    expect(withBar).toEqual(['2026-11-03', '2026-11-04', '2026-11-05']);
    expect(dayOf(weeks, '2026-11-03').bars[0]!.starts).toBe(true);
    expect(dayOf(weeks, '2026-11-04').bars[0]!.starts).toBe(false);
  });

  it('keeps at most 3 bars a day and counts the rest as +N', () => {
    const studies = ['a', 'b', 'c', 'd', 'e'].map((id) => study(id, '2026-11-10', '2026-11-10'));
    const day = dayOf(layoutMonth({ year: 2026, month: 11 }, studies), '2026-11-10');
    expect(day.bars.map((bar) => bar.id)).toEqual(['a', 'b', 'c']);
    expect(day.more).toBe(2);
  });

  it('never loses a study: bars plus overflow equal the studies active that day', () => {
    const date = fc.integer({ min: 1, max: 28 }).map((day) => `2026-11-${String(day).padStart(2, '0')}`);
    const arb = fc
      .array(fc.tuple(date, date), { maxLength: 12 })
      .map((pairs) => pairs.map(([x, y], index) => study(`s${index}`, x < y ? x : y, x < y ? y : x)));
    fc.assert(
      fc.property(arb, (studies) => {
        for (const day of layoutMonth({ year: 2026, month: 11 }, studies).flat()) {
          const active = studies.filter((s) => s.start_date! <= day.date && day.date <= s.end_date!).length;
          expect(day.bars.length).toBe(Math.min(active, MAX_BARS_PER_DAY));
          expect(day.bars.length + day.more).toBe(active);
        }
      }),
    );
  });

  it('gives a study the same palette colour every time', () => {
    expect(studyColor('study-1')).toBe(studyColor('study-1'));
    expect(STUDY_COLORS).toHaveLength(20);
    const used = new Set(Array.from({ length: 200 }, (_, index) => studyColor(`study-${index}`)));
    for (const color of used) expect(STUDY_COLORS).toContain(color);
    expect(used.size).toBeGreaterThan(10);
  });

  it('steps months across year ends', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });
});

describe('study screen helpers', () => {
  it("keeps the goal's lines and makes only http(s) addresses links, without trailing punctuation", () => {
    const lines = goalLines(
      'Read https://kubernetes.io/docs/.\njavascript:alert(1) <b>x</b>\n\nhttp://a.io/x?y=1, then',
    );
    expect(lines).toHaveLength(4);
    expect(lines[0]).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'url', href: 'https://kubernetes.io/docs/' },
      { kind: 'text', text: '.' },
    ]);
    expect(lines[1]).toEqual([{ kind: 'text', text: 'javascript:alert(1) <b>x</b>' }]);
    expect(lines[2]).toEqual([]);
    expect(lines[3]![0]).toEqual({ kind: 'url', href: 'http://a.io/x?y=1' });
  });

  it('sorts rows both ways, empty values last, and a second click turns the direction', () => {
    const rows = [{ v: 'b' }, { v: null }, { v: 'a' }, { v: 'C' }];
    const asc = { key: 'v', direction: 'asc' } as const;
    expect(sortRows(rows, asc, (row) => row.v, 'en').map((row) => row.v)).toEqual(['a', 'b', 'C', null]);
    expect(sortRows(rows, nextSort(asc, 'v'), (row) => row.v, 'en').map((row) => row.v)).toEqual(['C', 'b', 'a', null]);
    expect(nextSort(asc, 'w' as string)).toEqual({ key: 'w', direction: 'asc' });
    expect(
      sortRows([{ n: 10 }, { n: 9 }], asc as never, (row: { n: number }) => row.n, 'en').map((row) => row.n),
    ).toEqual([9, 10]);
  });

  it('checks a new study title: required, and no duplicate of a loaded one (trimmed, any case)', () => {
    expect(studyTitleError('  ', [])).toBe('titleRequired');
    expect(studyTitleError(' K8s Study ', [{ title_ko: '', title_en: 'k8s study' }])).toBe('duplicateTitle');
    expect(studyTitleError('K8s Study 2', [{ title_ko: '', title_en: 'k8s study' }])).toBeUndefined();
  });

  it('sends only the current language and filled-in dates when creating', () => {
    const draft = { title: ' 제목 ', goal: '목표', start_date: '2026-11-01', end_date: '', is_public: true };
    expect(createStudyBody(draft, 'ko')).toEqual({
      is_public: true,
      title_ko: '제목',
      goal_ko: '목표',
      start_date: '2026-11-01',
    });
    expect(createStudyBody({ ...draft, start_date: '' }, 'en')).toEqual({
      is_public: true,
      title_en: '제목',
      goal_en: '목표',
    });
  });

  it('accepts progress from 0 to 100 only', () => {
    expect(['0', '100', '55.5'].map(parseProgress)).toEqual([0, 100, 55.5]);
    expect(['', '-1', '101', 'abc'].map(parseProgress)).toEqual([null, null, null, null]);
  });

  it('lists open studies: not ended, newest start first', () => {
    const studies = [
      { id: 'a', start_date: '2026-01-01', end_date: '2026-02-01' },
      { id: 'b', start_date: '2026-03-01', end_date: null },
      { id: 'c', start_date: '2026-05-01', end_date: '2026-12-31' },
    ];
    expect(openStudies(studies, '2026-06-01').map((study) => study.id)).toEqual(['c', 'b']);
  });
});
