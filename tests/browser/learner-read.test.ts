import { pickLocalized, type Language } from '#shared/domain/language.js';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/browser-axe.js';
import { VIEWPORTS } from '../support/browser.js';
import {
  fitsWidth,
  go,
  logIn,
  pageApi,
  registerThroughForm,
  shotFromTop,
  unexpected,
} from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

/**
 * Reading questions with their answers (exam detail, the result review), and the exam detail's tools at 390 px — in Korean and English, at
 * desktop and 390 px, axe-clean, with screenshots.
 */
const { stamp, visit } = useBrowser();
const PASSWORD = 'reading-pass-42';

interface Question {
  [field: string]: unknown;
  id: string;
  title?: string;
  content?: string;
  answer?: string;
  answer_en?: string;
  answer_ko?: string;
}

/** Both languages, both widths; English on the desktop is the layout-shift walk's (with axe). */
const CASES = [
  { locale: 'ko-KR', language: 'ko', phone: false },
  { locale: 'en-US', language: 'en', phone: true },
  { locale: 'ko-KR', language: 'ko', phone: true },
] as const;
const label = (c: (typeof CASES)[number]) => `${c.language}-${c.phone ? 'phone' : 'desktop'}`;

async function signIn(c: (typeof CASES)[number], username: string) {
  const opened = await visit('/login', { locale: c.locale, storage: { language: c.language } });
  if (c.phone) await opened.page.setViewportSize(VIEWPORTS.phone);
  await logIn(opened.page, username, PASSWORD);
  return opened;
}

const answerOf = (question: Question) => question.answer || question.answer_en || question.answer_ko || '';
/** A question's text as a screen in `language` shows it. */
const shown = (question: Question, field: string, language: Language) => pickLocalized(question, field, language);

describe('reading questions with their answers', () => {
  const username = `read${stamp}`;
  let examId = '';
  let questions: Question[] = [];
  let resultId = '';

  test('setup: an exam of 4 questions, one sitting with one mistake', async () => {
    const { page, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await registerThroughForm(page, username, '읽기', PASSWORD);
    const created = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
      title: `읽기 시험 ${stamp}`,
      file_name: 'devops-kubernetes-basics.xlsx',
      question_count: 4,
      is_public: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    examId = created.body.id;
    questions = (await pageApi<{ questions: Question[] }>(page, 'GET', `/api/exam/${examId}/`)).body.questions;
    const answers = questions.map((question, i) => ({
      question_id: question.id,
      answer: i === 0 ? 'no idea at all' : answerOf(question),
      elapsed_seconds: 4,
    }));
    const sent = await pageApi<{ result_id: string }>(page, 'POST', '/api/submit-exam/', {
      exam_id: examId,
      answers,
      elapsed_seconds: 20,
      submission_id: `read-${stamp}`,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    resultId = sent.body.result_id;
    await close();
  });

  for (const c of CASES) {
    test(`exam detail shows each question's text and, on demand, its answer (${label(c)})`, async () => {
      const { page, errors, close } = await signIn(c, username);
      await go(page, `/exam-detail/${examId}`);
      await page.getByTestId('question-table').waitFor();
      const row = page.locator('[data-testid="question-row"]').first();
      const id = (await row.getAttribute('data-question-id')) ?? '';
      const question = questions.find((q) => q.id === id)!;
      await expect
        .poll(() => row.getByTestId('question-content').textContent())
        .toBe(shown(question, 'content', c.language));
      // Answers stay hidden until asked for: one question, then the whole list.
      expect(await page.getByTestId('question-answer').count()).toBe(0);
      await row.getByTestId('question-reveal').click();
      expect(await row.getByTestId('question-reveal').getAttribute('aria-expanded')).toBe('true');
      expect(await row.getByTestId('question-answer').textContent()).toBe(shown(question, 'answer', c.language));
      expect(await page.getByTestId('question-answer').count()).toBe(1);
      await page.getByTestId('detail-show-answers').click();
      expect(await page.getByTestId('detail-show-answers').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByTestId('question-answer').count()).toBe(4);
      await page.getByTestId('detail-show-answers').click();
      await expect.poll(() => page.getByTestId('question-answer').count()).toBe(0);
      await row.getByTestId('question-reveal').click();

      if (c.phone) {
        await fitsWidth(page, VIEWPORTS.phone.width);
        // The list starts within the first screen: tools and filters fold on phones.
        const top = await page
          .getByTestId('question-table')
          .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
        expect(top).toBeLessThan(VIEWPORTS.phone.height);
        expect(await page.getByTestId('detail-tools').evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
        expect(await page.getByTestId('detail-filters').evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
        await page.getByTestId('detail-filters').locator('summary').click();
        await page.getByTestId('filter-difficultyFilter').waitFor();
        // The Manage menu opens inside the screen, every item whole.
        await page.getByTestId('detail-admin-menu').locator('summary').click();
        const items = page.getByTestId('detail-admin-menu').locator('button');
        await items.first().waitFor();
        for (const box of await items.evaluateAll((list) =>
          list.map((el) => el.getBoundingClientRect().toJSON() as DOMRect),
        )) {
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(VIEWPORTS.phone.width);
        }
        await fitsWidth(page, VIEWPORTS.phone.width);
        await shotFromTop(page, `read-exam-detail-menu-${label(c)}`);
        await page.getByTestId('detail-admin-menu').locator('summary').click();
        // Filters that are on stay in sight.
        await go(page, `/exam-detail/${examId}?difficultyFilter=Easy`);
        await page.getByTestId('filter-bar').waitFor();
        expect(await page.getByTestId('detail-filters').evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
        await go(page, `/exam-detail/${examId}`);
        await page.getByTestId('question-table').waitFor();
      }
      await shotFromTop(page, `read-exam-detail-${label(c)}`);
      expect(await seriousViolations(page)).toEqual([]);

      // The result review: the question's text beside the learner's answer and the right one.
      await go(page, `/results/${resultId}`);
      const review = page.getByTestId('result-review-entry');
      await review.first().waitFor();
      expect(await page.getByTestId('result-review-mistakes').getAttribute('aria-pressed')).toBe('true');
      expect(await review.count()).toBe(1);
      const missed = questions[0]!;
      const entry = page.locator(`[data-testid="result-review-entry"][data-question-id="${missed.id}"]`);
      expect(await entry.getByTestId('result-review-text').textContent()).toBe(shown(missed, 'content', c.language));
      expect(await entry.getByTestId('result-review-your-answer').textContent()).toBe('no idea at all');
      expect(await entry.getByTestId('result-review-correct-answer').textContent()).toBe(
        shown(missed, 'answer', c.language),
      );
      await page.getByTestId('result-review-all').click();
      await expect.poll(() => review.count()).toBe(4);
      expect(await page.locator('[data-testid="result-review-entry"][data-verdict="correct"]').count()).toBe(3);
      if (c.phone) await fitsWidth(page, VIEWPORTS.phone.width);
      await shotFromTop(page, `read-result-review-${label(c)}`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(unexpected(errors)).toEqual([]);
      await close();
    });
  }
});

/** Buttons whose accessible name does not start with their visible words (WCAG 2.5.3), inside `scope`. */
async function namesNotMatchingLabels(page: import('playwright-core').Page, scope: string): Promise<string[]> {
  return page.locator(scope).evaluateAll((roots) =>
    roots.flatMap((root) =>
      [...root.querySelectorAll('button, a')].flatMap((el) => {
        const visible = (node: Node): string =>
          node.nodeType === Node.TEXT_NODE
            ? (node.textContent ?? '')
            : node instanceof HTMLElement &&
                (node.getAttribute('aria-hidden') === 'true' || node.classList.contains('visually-hidden'))
              ? ''
              : [...node.childNodes].map(visible).join('');
        const label = visible(el).replace(/\s+/g, ' ').trim().toLowerCase();
        const name = (el.getAttribute('aria-label') ?? label).replace(/\s+/g, ' ').trim().toLowerCase();
        return label && !name.startsWith(label) ? [`"${label}" named "${name}"`] : [];
      }),
    ),
  );
}

describe('the progress dashboard adds up, and its managers see the members', () => {
  const leader = `lead${stamp}`;
  const learner = `lern${stamp}`;
  let studyId = '';

  test('setup: a study with one task; the learner answers 4 questions, 3 right', async () => {
    const { page, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await registerThroughForm(page, learner, '학습자', PASSWORD);
    await close();
    const lead = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await registerThroughForm(lead.page, leader, '리더', PASSWORD);
    const study = await pageApi<{ id: string }>(lead.page, 'POST', '/api/studies/', {
      title_ko: `대시보드 ${stamp}`,
      title_en: `Dashboard ${stamp}`,
      is_public: false,
    });
    expect(study.status, JSON.stringify(study.body)).toBe(200);
    studyId = study.body.id;
    const exam = await pageApi<{ id: string }>(lead.page, 'POST', '/api/create-exam/', {
      title: `대시보드 시험 ${stamp}`,
      file_name: 'devops-kubernetes-basics.xlsx',
      question_count: 4,
      is_public: false,
    });
    expect(
      (
        await pageApi(lead.page, 'POST', '/api/study-tasks/', {
          study: studyId,
          name_ko: '쿠버네티스 과제',
          name_en: 'Kubernetes task',
          exam: exam.body.id,
          progress: 0,
        })
      ).status,
    ).toBe(200);
    const search = await pageApi<{ users: { id: string; username: string }[] }>(
      lead.page,
      'GET',
      `/api/search-users/?q=${learner}&study_id=${studyId}`,
    );
    const user = search.body.users.find((u) => u.username === learner)!;
    const added = await pageApi(lead.page, 'POST', '/api/members/', {
      study: studyId,
      name: '학습자',
      user: user.id,
      role: 'member',
      is_active: true,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    await lead.close();

    const { page: learnerPage, close: closeLearner } = await visit('/login', { locale: 'ko-KR' });
    await logIn(learnerPage, learner, PASSWORD);
    const questions = (await pageApi<{ questions: Question[] }>(learnerPage, 'GET', `/api/exam/${exam.body.id}/`)).body
      .questions;
    const sent = await pageApi(learnerPage, 'POST', '/api/submit-exam/', {
      exam_id: exam.body.id,
      submission_id: `dash-${stamp}`,
      elapsed_seconds: 725,
      study_id: studyId,
      answers: questions.map((q, i) => ({
        question_id: q.id,
        answer: i < 3 ? answerOf(q) : 'not sure',
        elapsed_seconds: 5,
      })),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await closeLearner();
  });

  const card = (page: import('playwright-core').Page, id: string) =>
    page.getByTestId(`card-${id}`).getByTestId('card-value').textContent();
  const sumOf = async (page: import('playwright-core').Page, testId: string) =>
    (await page.getByTestId(testId).allTextContents()).reduce((sum, text) => sum + Number(text), 0);

  for (const c of CASES) {
    test(`the cards, the charts and the tables say the same; the leader sees the members (${label(c)})`, async () => {
      const { page, errors, close } = await signIn(c, learner);
      await go(page, `/study-progress-dashboard/${studyId}`);
      await page.getByTestId('progress-cards').waitFor();
      await expect.poll(() => card(page, 'answered')).toBe('4');
      expect(await card(page, 'correct')).toBe('3');
      expect(await card(page, 'accuracy')).toBe('75%');
      expect(await card(page, 'tasks')).toBe(c.language === 'ko' ? '1개 중 1개' : '1 of 1');
      expect(await card(page, 'time')).toBe(c.language === 'ko' ? '0시간 12분' : '0 h 12 min');
      // The tables are the same numbers.
      expect(await sumOf(page, 'day-answered')).toBe(4);
      expect(await sumOf(page, 'day-correct')).toBe(3);
      expect(await sumOf(page, 'task-answered')).toBe(4);
      expect(await page.getByTestId('task-accuracy').allTextContents()).toEqual(['75%']);
      expect(await page.getByTestId('total-study-time').textContent()).toContain(
        c.language === 'ko' ? '0시간 12분' : '0 h 12 min',
      );
      // The line chart's last point is drawn whole, inside the plot.
      const dots = page.locator('[data-testid="overall-chart"] .recharts-line-dots circle');
      await dots.first().waitFor();
      // Polled: the chart may redraw (and replace its dots) while the page settles.
      const grid = page.locator('[data-testid="overall-chart"] .recharts-cartesian-grid');
      await expect
        .poll(
          async () => {
            const [plot, last] = await Promise.all([grid.boundingBox(), dots.last().boundingBox()]);
            return plot && last ? last.x + last.width <= plot.x + plot.width : 'not drawn';
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      if (c.language === 'ko')
        expect(await page.getByTestId('study-progress-dashboard').textContent()).not.toMatch(/Task/);
      // A member sees no members table.
      expect(await page.getByTestId('members-progress').count()).toBe(0);
      if (c.phone) await fitsWidth(page, VIEWPORTS.phone.width);
      await shotFromTop(page, `read-dashboard-${label(c)}`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(unexpected(errors)).toEqual([]);
      await close();

      const lead = await signIn(c, leader);
      await go(lead.page, `/study-progress-dashboard/${studyId}`);
      const row = lead.page.locator(`[data-testid="member-progress-row"][data-username="${learner}"]`);
      await row.waitFor();
      expect(await row.getByTestId('member-answered').textContent()).toBe('4');
      expect(await row.getByTestId('member-correct').textContent()).toBe('3');
      expect(await row.getByTestId('member-time').textContent()).toBe(
        c.language === 'ko' ? '0시간 12분' : '0 h 12 min',
      );
      const own = lead.page.locator(`[data-testid="member-progress-row"][data-username="${leader}"]`);
      expect(await own.getByTestId('member-answered').textContent()).toBe('0');
      if (c.phone) await fitsWidth(lead.page, VIEWPORTS.phone.width);
      await lead.page.getByTestId('members-progress').scrollIntoViewIfNeeded();
      await shotFromTop(lead.page, `read-dashboard-members-${label(c)}`);
      expect(await seriousViolations(lead.page)).toEqual([]);
      expect(unexpected(lead.errors)).toEqual([]);
      await lead.close();
    });
  }

  test("the study's creator is not offered the copy/upload toolbar, only the sheet download (ko desktop, en 390 px)", async () => {
    for (const c of [CASES[0], CASES[1]]) {
      const { page, errors, close } = await signIn(c, leader);
      await go(page, `/study-detail/${studyId}`);
      const toolbar = page.getByTestId('task-toolbar');
      await toolbar.getByTestId('tasks-sheet-download').waitFor();
      expect(await toolbar.locator('#copy-source').count()).toBe(0);
      expect(await toolbar.locator('input[type="file"]').count()).toBe(0);
      if (c.phone) await fitsWidth(page, VIEWPORTS.phone.width);
      expect(await seriousViolations(page, { include: '[data-testid="task-toolbar"]' })).toEqual([]);
      expect(unexpected(errors)).toEqual([]);
      await close();
    }
  });

  test('on a phone the signed-in home shows the learner’s studies and results within the first screen (ko, en)', async () => {
    for (const c of CASES.filter((x) => x.phone)) {
      const { page, errors, close } = await signIn(c, learner);
      await go(page, '/');
      await page.getByTestId('home-recent-row').first().waitFor();
      const top = (testId: string) =>
        page.getByTestId(testId).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      expect(await top('home-open-studies')).toBeLessThan(VIEWPORTS.phone.height);
      expect(await top('home-recent-results')).toBeLessThan(VIEWPORTS.phone.height * 1.5);
      expect(await top('feature-cards')).toBeGreaterThan(await top('home-recent-results'));
      await fitsWidth(page, VIEWPORTS.phone.width);
      await shotFromTop(page, `read-home-${label(c)}`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(unexpected(errors)).toEqual([]);
      await close();
    }
  });

  test('the results pagination and the create-exam Max button are named by what they show (ko, en)', async () => {
    for (const c of [CASES[0], CASES[1]]) {
      const { page, errors, close } = await signIn(c, learner);
      // Eleven results: two pages.
      const exam = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
        title: `페이지 ${c.language} ${stamp}`,
        file_name: 'devops-kubernetes-basics.xlsx',
        question_count: 1,
        is_public: false,
      });
      const [question] = (await pageApi<{ questions: Question[] }>(page, 'GET', `/api/exam/${exam.body.id}/`)).body
        .questions;
      for (let i = 0; i < 11; i++) {
        await pageApi(page, 'POST', '/api/submit-exam/', {
          exam_id: exam.body.id,
          submission_id: `page-${c.language}-${stamp}-${i}`,
          answers: [{ question_id: question!.id, answer: 'x' }],
        });
      }
      await go(page, '/results');
      await page.getByTestId('results-pagination').waitFor();
      expect(await page.getByTestId('page-2').getAttribute('aria-label')).toBeNull();
      expect(await page.getByRole('button', { name: '2', exact: true }).count()).toBe(1);
      expect(await namesNotMatchingLabels(page, '[data-testid="results-pagination"]')).toEqual([]);
      expect(await seriousViolations(page, { include: '[data-testid="results-pagination"]' })).toEqual([]);

      await go(page, '/exam-management');
      await page.getByTestId('toggle-create-exam').click();
      await page.getByTestId('create-exam-file').waitFor();
      await page.getByTestId('create-exam-file').selectOption({ index: 1 });
      const max = page.getByTestId('create-exam-max');
      await expect.poll(() => max.isEnabled()).toBe(true);
      expect((await max.getAttribute('aria-label'))!.startsWith((await max.textContent())!)).toBe(true);
      expect(await namesNotMatchingLabels(page, 'form')).toEqual([]);
      await shotFromTop(page, `read-create-exam-${label(c)}`);
      expect(unexpected(errors)).toEqual([]);
      await close();
    }
  });
});
