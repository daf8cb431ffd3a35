import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot } from '../support/browser.js';
import { go, pageApi, registerThroughForm, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

const { baseUrl, stamp, visit } = useBrowser();

const PASSWORD = 'correct-horse-42';
const WRONG_ANSWER = '전혀 모르겠습니다 정말로';

interface ScriptQuestion {
  title: string;
  answer: string;
}

/** What the scripted speech went through; the test sets `mode` to have the next answer wrong. */
interface FakeSpeechState {
  spoken: string[];
  answered: number[];
  said: string[];
  starts: number;
  mode: 'correct' | 'wrong';
}

declare global {
  interface Window {
    /** The scripted speech's state, installed by installFakeSpeech. */
    __voice?: FakeSpeechState;
  }
}

/**
 * Scripted speech facilities, installed before the app runs. speechSynthesis records what it
 * reads and ends each reading after 30 ms. The recognizer, when it starts listening after a
 * question was read, says (confidence 0.9, after an interim result) the correct answer, or a
 * wrong one once the test sets `__voice.mode = 'wrong'`; each reading of a question once.
 * getUserMedia grants the microphone.
 */
function installFakeSpeech(config: { questions: ScriptQuestion[]; wrong: string }) {
  const state: FakeSpeechState = { spoken: [], answered: [], said: [], starts: 0, mode: 'correct' };
  window.__voice = state;
  class Utterance {
    lang = '';
    rate = 1;
    pitch = 1;
    volume = 1;
    voice: unknown = null;
    onend: ((event: unknown) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    constructor(readonly text: string) {}
  }
  const synthesis = {
    speaking: false,
    pending: false,
    paused: false,
    onvoiceschanged: null,
    speak(utterance: Utterance) {
      state.spoken.push(utterance.text);
      setTimeout(() => utterance.onend?.({}), 30);
    },
    cancel() {},
    pause() {},
    resume() {},
    getVoices: () => [{ name: 'Fake 한국어', lang: 'ko-KR', default: true, localService: true, voiceURI: 'fake-ko' }],
    addEventListener() {},
    removeEventListener() {},
  };
  Object.defineProperty(window, 'speechSynthesis', { configurable: true, get: () => synthesis });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { configurable: true, writable: true, value: Utterance });

  type Handler = ((event: unknown) => void) | null;
  class Recognition {
    lang = '';
    continuous = false;
    interimResults = false;
    maxAlternatives = 1;
    onresult: Handler = null;
    onerror: Handler = null;
    onend: Handler = null;
    onstart: Handler = null;
    private running = false;
    private timer: ReturnType<typeof setTimeout> | undefined;
    start() {
      if (this.running) throw new DOMException('already started', 'InvalidStateError');
      this.running = true;
      state.starts += 1;
      // The latest reading of a question; each reading is answered once.
      let reading = -1;
      let question: ScriptQuestion | undefined;
      for (let i = state.spoken.length - 1; i >= 0 && !question; i -= 1) {
        question = config.questions.find((q) => state.spoken[i]!.startsWith(q.title));
        reading = i;
      }
      if (!question || state.answered.includes(reading)) return;
      this.timer = setTimeout(() => {
        if (!this.running) return;
        state.answered.push(reading);
        const text = state.mode === 'correct' ? question.answer : config.wrong;
        state.said.push(text);
        const result = (isFinal: boolean, transcript: string, confidence: number) => ({
          resultIndex: 0,
          results: { length: 1, 0: { isFinal, length: 1, 0: { transcript, confidence } } },
        });
        this.onresult?.(result(false, text.slice(0, 2), 0.4));
        this.onresult?.(result(true, text, 0.9));
      }, 300);
    }
    stop() {
      this.end();
    }
    abort() {
      this.end();
    }
    private end() {
      if (!this.running) return;
      this.running = false;
      clearTimeout(this.timer);
      setTimeout(() => this.onend?.({}), 0);
    }
  }
  Object.defineProperty(window, 'SpeechRecognition', { configurable: true, writable: true, value: Recognition });
  Object.defineProperty(window, 'webkitSpeechRecognition', { configurable: true, writable: true, value: Recognition });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    get: () => ({ getUserMedia: async () => ({ getTracks: () => [] }) }),
  });
}

/** A browser without speech recognition. */
function removeSpeechRecognition() {
  for (const name of ['SpeechRecognition', 'webkitSpeechRecognition']) {
    // When it is not deletable (deleteProperty answers false), the definition below shadows it.
    Reflect.deleteProperty(window, name);
    Object.defineProperty(window, name, { configurable: true, writable: true, value: undefined });
  }
}

const voice = (page: Page) => page.evaluate(() => window.__voice!);

/** Waits for the verdict; on a timeout, says what the panel and the fake speech went through. */
async function verdict(page: Page, correct: boolean) {
  const locator = page
    .getByTestId('voice-mode-panel')
    .locator(`[data-testid="voice-verdict"][data-correct="${correct}"]`);
  try {
    await locator.waitFor({ timeout: 20_000 });
  } catch (error) {
    const panelText = await page
      .getByTestId('voice-mode-panel')
      .textContent()
      .catch(() => '(no panel)');
    throw new Error(
      `no ${correct ? 'correct' : 'wrong'} verdict. Panel: ${panelText}. Speech: ${JSON.stringify(await voice(page))}`,
      { cause: error },
    );
  }
  return locator;
}

async function panelShot(page: Page, name: string) {
  const panel = page.getByTestId('voice-mode-panel');
  await panel.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await screenshot(page, name, false);
}

describe('voice mode', () => {
  const username = `voice${stamp}`;
  let examId = '';
  let questions: ScriptQuestion[] = [];

  test('a spoken correct answer passes the question; a wrong one shows the reason; off hides it', async () => {
    const { page, context, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await registerThroughForm(page, username, '음성', PASSWORD);
    const created = await pageApi<{ id: string; exam: { voice_mode_enabled?: boolean } }>(
      page,
      'POST',
      '/api/create-exam/',
      {
        title: `음성 시험 ${stamp}`,
        file_name: '데브옵스-쿠버네티스-기초.xlsx',
        question_count: 3,
        voice_mode_enabled: true,
        is_public: true, // anonymous visitors open it too
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    examId = created.body.id;
    if (!created.body.exam.voice_mode_enabled) {
      const patched = await pageApi(page, 'PATCH', `/api/exam/${examId}/update/`, { voice_mode_enabled: true });
      expect(patched.status).toBe(200);
    }
    const exam = await pageApi<{ voice_mode_enabled: boolean; questions: { title: string; answer: string }[] }>(
      page,
      'GET',
      `/api/exam/${examId}/`,
    );
    expect(exam.body.voice_mode_enabled).toBe(true);
    questions = exam.body.questions.map((q) => ({ title: q.title, answer: q.answer }));
    expect(questions).toHaveLength(3);

    await context.addInitScript(installFakeSpeech, { questions, wrong: WRONG_ANSWER });
    await go(page, `/take-exam/${examId}`);
    const panel = page.getByTestId('voice-mode-panel');
    await panel.waitFor();
    await page.getByTestId('question-card').waitFor();
    await panelShot(page, 'voice-panel-off-ko-desktop');

    await panel.getByTestId('voice-mode-toggle').check({ force: true });
    await panel.getByTestId('voice-status').waitFor();
    // Read aloud 1 s after turning on, then listening; the answer is heard and passes.
    await verdict(page, true);
    const afterFirst = await voice(page);
    const shownTitle = (await page.getByTestId('question-title').textContent())!.trim();
    expect(afterFirst.spoken.some((text) => text.startsWith(shownTitle))).toBe(true);
    expect(afterFirst.said.at(-1)).toBe(questions.find((q) => q.title === shownTitle)?.answer);
    await panel.getByTestId('voice-transcript').getByText(afterFirst.said.at(-1)!, { exact: false }).waitFor();
    await page.locator('[data-testid="answer-feedback"][data-verdict="correct"]').waitFor(); // the page's self-grade Y
    await panelShot(page, 'voice-panel-correct-ko-desktop');

    // The next question: read after 0.5 s, a wrong answer shows the reason.
    const passedId = await page.getByTestId('question-card').getAttribute('data-question-id');
    await page.evaluate(() => {
      window.__voice!.mode = 'wrong';
    });
    await page.getByTestId('nav-next').click();
    await expect
      .poll(async () => page.getByTestId('question-card').getAttribute('data-question-id'))
      .not.toBe(passedId);
    const secondTitle = (await page.getByTestId('question-title').textContent())!.trim();
    await verdict(page, false);
    const reason = panel.getByTestId('voice-reason');
    await reason.waitFor();
    expect((await reason.textContent())!.length).toBeGreaterThan(4);
    const afterSecond = await voice(page);
    expect(afterSecond.spoken.some((text) => text.startsWith(secondTitle))).toBe(true);
    expect(afterSecond.said.at(-1)).toBe(WRONG_ANSWER);
    expect(await page.getByTestId('answer-feedback').count()).toBe(0); // shown, not failed
    await panelShot(page, 'voice-panel-wrong-ko-desktop');

    // Off: everything stops, the reason goes away.
    await panel.getByTestId('voice-mode-toggle').uncheck({ force: true });
    await reason.waitFor({ state: 'detached' });
    expect(await panel.getByTestId('voice-status').count()).toBe(0);

    expect(unexpected(errors).filter((error) => !/status of 50\d/.test(error))).toEqual([]);
    await close();
  }, 120_000);

  test('English at 390 px', async () => {
    const { page, context, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'en-US' });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.setViewportSize({ width: 390, height: 844 });
    await go(page, '/login');
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/`);
    // The test before left a sitting: ended here, so this browser is not asked to continue or start over.
    expect((await pageApi(page, 'DELETE', `/api/exam/${examId}/sitting/`)).status).toBe(200);
    const exam = await pageApi<{ questions: { title: string; answer: string }[] }>(page, 'GET', `/api/exam/${examId}/`);
    await context.addInitScript(installFakeSpeech, {
      questions: exam.body.questions.map((q) => ({ title: q.title, answer: q.answer })),
      wrong: 'no idea at all',
    });
    await go(page, `/take-exam/${examId}`);
    const panel = page.getByTestId('voice-mode-panel');
    await panel.getByText('Voice mode', { exact: true }).waitFor();
    await panel.getByTestId('voice-mode-toggle').check({ force: true });
    await (await verdict(page, true)).getByText('Correct!').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await panelShot(page, 'voice-panel-correct-en-phone');
    expect(unexpected(errors).filter((error) => !/status of 50\d/.test(error))).toEqual([]);
    await close();
  }, 90_000);

  test('without speech recognition the toggle turns itself off with the notice; anonymous visitors log in', async () => {
    const { page, context, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await go(page, '/login');
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/`);
    expect((await pageApi(page, 'DELETE', `/api/exam/${examId}/sitting/`)).status).toBe(200);
    await context.addInitScript(removeSpeechRecognition);
    await go(page, `/take-exam/${examId}`);
    const panel = page.getByTestId('voice-mode-panel');
    await panel.waitFor();
    await panel.getByTestId('voice-mode-toggle').click({ force: true });
    await panel
      .locator('[data-testid="voice-notice"][data-notice="notSupported"]')
      .getByText('이 브라우저는 음성 인식을 지원하지 않습니다.', { exact: false })
      .waitFor();
    expect(await panel.getByTestId('voice-mode-toggle').isChecked()).toBe(false);
    await panelShot(page, 'voice-panel-not-supported-ko-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await panelShot(page, 'voice-panel-not-supported-ko-phone');
    expect(unexpected(errors).filter((error) => !/status of 50\d/.test(error))).toEqual([]);
    await close();

    const anonymous = await visit(`/take-exam/${examId}`, { locale: 'ko-KR' });
    const anonymousPanel = anonymous.page.getByTestId('voice-mode-panel');
    await anonymousPanel.waitFor();
    await anonymousPanel.getByTestId('voice-mode-toggle').click({ force: true });
    await anonymous.page.waitForURL(`${baseUrl}/login?returnTo=${encodeURIComponent(`/take-exam/${examId}`)}`);
    await anonymous.close();
  }, 90_000);
});
