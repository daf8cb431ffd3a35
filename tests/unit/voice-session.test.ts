import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { VoiceEvaluation } from '../../web/src/features/voice-mode/api/evaluate-answer.js';
import { VoiceSession } from '../../web/src/features/voice-mode/hooks/voice-session.js';
import {
  INITIAL_VOICE_STATE,
  type VoiceQuestion,
  type VoiceSessionHost,
  type VoiceViewState,
} from '../../web/src/features/voice-mode/hooks/voice-state.js';
import type {
  SpeechRecognitionEventLike,
  SpeechRecognitionLike,
} from '../../web/src/features/voice-mode/utils/speech-support.js';

/** The voice session against scripted speech facilities, on fake timers (docs/product.md#voice-mode, #errors, #limits). */
class FakeUtterance extends EventTarget implements SpeechSynthesisUtterance {
  lang = '';
  rate = 0;
  pitch = 0;
  volume = 0;
  voice: SpeechSynthesisVoice | null = null;
  onboundary = null;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmark = null;
  onpause = null;
  onresume = null;
  onstart = null;
  constructor(readonly text: string) {
    super();
  }
}

/** speechSynthesis: records what it reads and ends each reading after 20 ms. */
class FakeSynthesis extends EventTarget implements SpeechSynthesis {
  onvoiceschanged = null;
  paused = false;
  pending = false;
  speaking = false;
  readonly spoken: FakeUtterance[] = [];
  speak = vi.fn((utterance: FakeUtterance) => {
    this.spoken.push(utterance);
    setTimeout(() => utterance.onend?.(), 20);
  });
  cancel = vi.fn();
  pause() {}
  resume() {}
  getVoices(): SpeechSynthesisVoice[] {
    return [{ name: 'Yuna', lang: 'ko-KR', default: true, localService: false, voiceURI: 'Yuna' }];
  }
}

class FakeRecognition implements SpeechRecognitionLike {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = false;
  interimResults = false;
  maxAlternatives = 0;
  onresult: SpeechRecognitionLike['onresult'] = null;
  onerror: SpeechRecognitionLike['onerror'] = null;
  onend: SpeechRecognitionLike['onend'] = null;
  onstart: SpeechRecognitionLike['onstart'] = null;
  starts = 0;
  aborts = 0;
  running = false;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.starts += 1;
    this.running = true;
  }
  stop() {
    this.running = false;
    this.onend?.();
  }
  abort() {
    this.aborts += 1;
    this.running = false;
  }
  say(text: string, confidence = 0.9, isFinal = true) {
    const event: SpeechRecognitionEventLike = {
      resultIndex: 0,
      results: { length: 1, 0: { isFinal, length: 1, 0: { transcript: text, confidence } } },
    };
    this.onresult?.(event);
  }
  fail(error: string) {
    this.onerror?.({ error });
    this.running = false;
    this.onend?.();
  }
}

const Q1: VoiceQuestion = {
  id: 'q1',
  title: '파드',
  content: '쿠버네티스에서 배포할 수 있는 가장 작은 단위는?',
  answer: '파드',
};
const Q2: VoiceQuestion = {
  id: 'q2',
  title: '서비스 종류',
  content: '클러스터 내부 전용 서비스 타입은?',
  answer: 'ClusterIP',
};

function setup(
  options: {
    microphone?: boolean;
    visible?: boolean;
    last?: boolean;
    evaluation?: (answer: string) => VoiceEvaluation;
  } = {},
) {
  const synthesis = new FakeSynthesis();
  const { spoken } = synthesis;
  let state: VoiceViewState = { ...INITIAL_VOICE_STATE };
  const statuses: string[] = [];
  let question: VoiceQuestion | null = Q1;
  const pass = vi.fn();
  const fail = vi.fn();
  const evaluate = vi.fn(async (q: VoiceQuestion, answer: string): Promise<VoiceEvaluation> =>
    options.evaluation
      ? options.evaluation(answer)
      : answer === q.answer
        ? { isCorrect: true, reason: '정답', local: false }
        : { isCorrect: false, reason: '핵심 단어가 빠졌습니다.', local: false },
  );
  const host: VoiceSessionHost = {
    examId: () => 'e1',
    question: () => question,
    language: () => 'ko',
    isLastQuestion: () => options.last ?? false,
    evaluate,
    texts: () => ({
      completed: 'COMPLETED',
      wrong: (reason) => `WRONG ${reason}`,
      localReason: (e) => `LOCAL ${e.localReason}`,
    }),
    visible: () => options.visible ?? true,
    pass,
    fail,
    update: (patch) => {
      state = { ...state, ...patch };
      if (patch.status && statuses.at(-1) !== patch.status) statuses.push(patch.status);
    },
    requestMicrophone: async () => options.microphone ?? true,
  };
  const session = new VoiceSession({ Recognition: FakeRecognition, synthesis }, host);
  return {
    session,
    spoken,
    synthesis,
    statuses,
    pass,
    fail,
    evaluate,
    state: () => state,
    setQuestion: (next: VoiceQuestion | null) => {
      question = next;
    },
    recognition: () => FakeRecognition.last!,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeRecognition.last = null;
  (globalThis as Record<string, unknown>).SpeechSynthesisUtterance = FakeUtterance;
});

afterEach(() => {
  vi.useRealTimers();
  delete (globalThis as Record<string, unknown>).SpeechSynthesisUtterance;
});

/** Start, let the first question be read (1 s + reading + 1.5 s): listening. */
async function listening(s: ReturnType<typeof setup>) {
  void s.session.start();
  await vi.advanceTimersByTimeAsync(1000 + 20 + 1500);
  expect(s.state().status).toBe('listening');
}

describe('voice session', () => {
  test('reads the first question after 1 s, listens 1.5 s after reading, a correct answer passes', async () => {
    const s = setup();
    void s.session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.state().status).toBe('connected');
    await vi.advanceTimersByTimeAsync(999);
    expect(s.spoken).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.spoken).toHaveLength(1);
    const utterance = s.spoken[0]!;
    expect(utterance.text).toBe('파드. 쿠버네티스에서 배포할 수 있는 가장 작은 단위는?');
    expect([utterance.lang, utterance.rate, utterance.pitch, utterance.volume]).toEqual(['ko-KR', 0.8, 1, 0.8]);
    expect(utterance.voice).toMatchObject({ lang: 'ko-KR' });
    await vi.advanceTimersByTimeAsync(20 + 1499);
    expect(s.recognition()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    const recognition = s.recognition();
    expect([recognition.continuous, recognition.interimResults, recognition.lang, recognition.starts]).toEqual([
      true,
      true,
      'ko-KR',
      1,
    ]);

    recognition.say('파', 0.9, false);
    expect(s.state().interim).toBe('파');
    recognition.say('파드');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.evaluate).toHaveBeenCalledWith(Q1, '파드', expect.anything());
    expect(s.pass).toHaveBeenCalledOnce();
    expect(s.fail).not.toHaveBeenCalled();
    expect(s.state().verdict).toMatchObject({ questionId: 'q1', isCorrect: true });
    expect(s.statuses).toEqual([
      'initializing',
      'connected',
      'speaking',
      'connected',
      'listening',
      'submitting',
      'evaluating',
      'connected',
    ]);
  });

  test('a new question is read 0.5 s after the change', async () => {
    const s = setup();
    await listening(s);
    s.setQuestion(Q2);
    s.session.questionChanged();
    expect(s.recognition().aborts).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(499);
    expect(s.spoken).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.spoken.at(-1)!.text).toContain('서비스 종류');
  });

  test('a wrong answer shows and reads the reason, then listens again; hidden, it fails', async () => {
    const s = setup();
    await listening(s);
    s.recognition().say('모르겠습니다');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.state().verdict).toMatchObject({ isCorrect: false, reason: '핵심 단어가 빠졌습니다.' });
    expect(s.fail).not.toHaveBeenCalled();
    expect(s.spoken.at(-1)!.text).toBe('WRONG 핵심 단어가 빠졌습니다.');
    await vi.advanceTimersByTimeAsync(20 + 1500);
    expect(s.state().status).toBe('listening');

    const hidden = setup({ visible: false });
    await listening(hidden);
    hidden.recognition().say('모르겠습니다');
    await vi.advanceTimersByTimeAsync(0);
    expect(hidden.fail).toHaveBeenCalledOnce();
  });

  test('filters: low confidence, too short, no letters and duplicates are not submitted; three bad ones warn for 5 s', async () => {
    const s = setup();
    await listening(s);
    const recognition = s.recognition();
    recognition.say('파드', 0.3);
    recognition.say('a');
    expect(s.state().qualityWarning).toBe(false);
    recognition.say('123');
    expect(s.state().qualityWarning).toBe(true);
    recognition.say('   ');
    expect(s.evaluate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.state().qualityWarning).toBe(false);

    recognition.say('모르겠습니다 정말');
    await vi.advanceTimersByTimeAsync(20 + 1500);
    expect(s.evaluate).toHaveBeenCalledTimes(1);
    s.recognition().say('정말 모르겠습니다'); // the same words again: dropped
    await vi.advanceTimersByTimeAsync(0);
    expect(s.evaluate).toHaveBeenCalledTimes(1);
  });

  test('the last question: the exam-completed message, then pass', async () => {
    const s = setup({ last: true });
    await listening(s);
    s.recognition().say('파드');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.state().status).toBe('completed');
    expect(s.spoken.at(-1)!.text).toBe('COMPLETED');
    expect(s.pass).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(s.pass).toHaveBeenCalledOnce();
  });

  test('the local fallback shows the evaluation-error notice', async () => {
    const s = setup({
      evaluation: () => ({ isCorrect: false, reason: '', local: true, localReason: 'too_few_words' }),
    });
    await listening(s);
    s.recognition().say('모르겠습니다');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.state().notice).toBe('evaluationError');
    expect(s.state().verdict?.reason).toBe('LOCAL too_few_words');
  });

  test('recognition errors: ignored, restarted after 5 s, network 3 retries then paused, not-allowed turns off', async () => {
    const s = setup();
    await listening(s);
    const recognition = s.recognition();
    const starts = recognition.starts;
    recognition.fail('no-speech'); // ignored: the end that follows restarts at once
    expect(recognition.starts).toBe(starts + 1);
    recognition.fail('audio-capture');
    await vi.advanceTimersByTimeAsync(4999);
    expect(recognition.starts).toBe(starts + 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(recognition.starts).toBe(starts + 2);

    for (let i = 0; i < 3; i += 1) {
      recognition.fail('network');
      await vi.advanceTimersByTimeAsync(1500);
    }
    expect(recognition.starts).toBe(starts + 5);
    recognition.fail('network');
    expect(s.state()).toMatchObject({ paused: true, notice: 'networkFailed', status: 'connected' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(recognition.starts).toBe(starts + 5);
    s.session.resume();
    expect(s.state()).toMatchObject({ paused: false, status: 'listening', notice: null });

    recognition.fail('not-allowed');
    expect(s.state()).toMatchObject({ status: 'off', notice: 'permissionDenied' });
  });

  test('listening restarts every 300 s', async () => {
    const s = setup();
    await listening(s);
    const starts = s.recognition().starts;
    await vi.advanceTimersByTimeAsync(300_000);
    expect(s.recognition().starts).toBe(starts + 1);
  });

  test('no microphone permission: off with the permission notice; turning off stops everything', async () => {
    const denied = setup({ microphone: false });
    await denied.session.start();
    expect(denied.state()).toMatchObject({ status: 'off', notice: 'permissionDenied' });

    const s = setup();
    await listening(s);
    s.recognition().say('모르겠습니다');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.state().verdict).not.toBeNull();
    s.session.stop();
    expect(s.state()).toEqual(INITIAL_VOICE_STATE);
    expect(s.synthesis.cancel).toHaveBeenCalled();
    const aborts = s.recognition().aborts;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.state().status).toBe('off');
    expect(s.recognition().starts).toBeGreaterThan(0);
    expect(s.recognition().aborts).toBe(aborts);
  });
});
