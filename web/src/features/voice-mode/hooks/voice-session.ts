import type { VoiceEvaluation } from '../api/evaluate-answer.js';
import { speechErrorAction } from '../utils/error-policy.js';
import {
  isDuplicateTranscript,
  nextQuality,
  questionSpeech,
  speechLanguage,
  transcriptRejection,
  type QualityState,
} from '../utils/recognition-filters.js';
import { speakText } from '../utils/speak-text.js';
import type { SpeechRecognitionEventLike, SpeechRecognitionLike, SpeechSupport } from '../utils/speech-support.js';
import { VOICE } from '../utils/voice-constants.js';
import { INITIAL_VOICE_STATE, type VoiceNotice, type VoiceSessionHost } from './voice-state.js';

/**
 * The voice mode's machinery: reads questions with speechSynthesis, listens with
 * SpeechRecognition, filters what it hears (docs/product.md#voice-mode), evaluates and reports a verdict.
 * Every asynchronous step carries the epoch it started in; turning off or moving to another
 * question starts a new epoch, so a late answer of an earlier step does nothing.
 */
export class VoiceSession {
  private epoch = 0;
  private active = false;
  private recognition: SpeechRecognitionLike | null = null;
  private shouldListen = false;
  private restartPending = false;
  private networkRetries = 0;
  private quality: QualityState = { lowQualityStreak: 0 };
  private lastAccepted: string | null = null;
  private busy = false;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private listenTimer: ReturnType<typeof setTimeout> | null = null;
  private qualityTimer: ReturnType<typeof setTimeout> | null = null;
  private evaluation: AbortController | null = null;

  constructor(
    private readonly support: SpeechSupport,
    private readonly host: VoiceSessionHost,
  ) {}

  get isActive(): boolean {
    return this.active;
  }

  /**
   * Turning voice mode on: microphone permission, then the first question after 1 s. `resumed`:
   * voice mode was already on and the panel was mounted again for a new question (0.5 s).
   */
  async start(options: { resumed?: boolean } = {}): Promise<void> {
    if (this.active) return;
    this.active = true;
    const epoch = ++this.epoch;
    this.host.update({ ...INITIAL_VOICE_STATE, status: 'initializing' });
    const allowed = await this.host.requestMicrophone();
    if (epoch !== this.epoch) return;
    if (!allowed) {
      this.stop('permissionDenied');
      return;
    }
    this.host.update({ status: 'connected' });
    const wait = options.resumed ? VOICE.questionChangeDelayMs : VOICE.firstQuestionDelayMs;
    if (await this.delay(wait, epoch)) void this.readQuestion(epoch);
  }

  /** Turning voice mode off (or leaving): everything stops, the incorrect reason goes away. */
  stop(notice: VoiceNotice | null = null): void {
    this.epoch += 1;
    this.active = false;
    this.stopListening();
    this.clearTimers();
    this.evaluation?.abort();
    this.evaluation = null;
    this.busy = false;
    try {
      this.support.synthesis.cancel();
    } catch {
      // Nothing to cancel.
    }
    this.host.update({ ...INITIAL_VOICE_STATE, notice });
  }

  /** Another question is shown: stop what is going on and read it after 0.5 s. */
  questionChanged(): void {
    if (!this.active) return;
    const epoch = ++this.epoch;
    this.stopListening();
    this.clearTimers();
    this.evaluation?.abort();
    this.evaluation = null;
    this.busy = false;
    this.lastAccepted = null;
    this.quality = { lowQualityStreak: 0 };
    this.support.synthesis.cancel();
    this.host.update({
      status: 'connected',
      paused: false,
      interim: '',
      heard: '',
      verdict: null,
      notice: null,
      qualityWarning: false,
    });
    void this.delay(VOICE.questionChangeDelayMs, epoch).then((go) => {
      if (go) void this.readQuestion(epoch);
    });
  }

  /** After listening stopped on an error: listen again. */
  resume(): void {
    if (!this.active) return;
    this.networkRetries = 0;
    this.host.update({ paused: false, notice: null });
    this.startListening(this.epoch);
  }

  private async readQuestion(epoch: number): Promise<void> {
    const question = this.host.question();
    if (!question || epoch !== this.epoch) return;
    this.host.update({ status: 'speaking' });
    await this.speak(questionSpeech(question));
    if (epoch !== this.epoch) return;
    this.host.update({ status: 'connected' });
    if (await this.delay(VOICE.afterReadingDelayMs, epoch)) this.startListening(epoch);
  }

  /** Reads a text aloud in the screen's language; resolves when it ends (or fails, or takes far too long). */
  speak(text: string): Promise<void> {
    return speakText(this.support.synthesis, text, this.host.language());
  }

  private startListening(epoch: number): void {
    if (!this.active || epoch !== this.epoch) return;
    const recognition = this.ensureRecognition();
    recognition.lang = speechLanguage(this.host.language());
    this.shouldListen = true;
    this.restartPending = false;
    try {
      recognition.start();
    } catch {
      // Already started: fine.
    }
    this.host.update({ status: 'listening', paused: false, interim: '' });
    this.armListenTimeout(epoch);
  }

  /** docs/product.md#limits: listening is restarted every 300 s so an engine never times out on its own. */
  private armListenTimeout(epoch: number): void {
    if (this.listenTimer) clearTimeout(this.listenTimer);
    this.listenTimer = setTimeout(() => {
      this.listenTimer = null;
      if (!this.shouldListen || epoch !== this.epoch) return;
      try {
        this.recognition?.stop(); // `end` follows and restarts listening
      } catch {
        // Not running.
      }
      this.armListenTimeout(epoch);
    }, VOICE.listenTimeoutMs);
  }

  private stopListening(): void {
    this.shouldListen = false;
    this.restartPending = false;
    if (this.listenTimer) clearTimeout(this.listenTimer);
    this.listenTimer = null;
    try {
      this.recognition?.abort();
    } catch {
      // Not running.
    }
  }

  private ensureRecognition(): SpeechRecognitionLike {
    if (this.recognition) return this.recognition;
    const recognition = new this.support.Recognition();
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.maxAlternatives = 1;
    recognition.onresult = (event) => this.onResult(event);
    recognition.onerror = (event) => this.onError(event.error);
    recognition.onend = () => {
      // Auto-restart: the engine ends on its own after silence or its own timeout.
      if (this.shouldListen && !this.restartPending && this.active) {
        try {
          recognition.start();
        } catch {
          // Started again already.
        }
      }
    };
    this.recognition = recognition;
    return recognition;
  }

  private onError(error: string): void {
    if (!this.active || !this.shouldListen) return;
    const action = speechErrorAction(error, this.networkRetries);
    if (action.kind === 'ignore') return;
    if (action.kind === 'stop') {
      if (action.message === 'permissionDenied') {
        this.stop('permissionDenied');
        return;
      }
      this.stopListening();
      this.host.update({ status: 'connected', paused: true, notice: action.message });
      return;
    }
    if (action.networkRetry) this.networkRetries += 1;
    this.restartPending = true;
    const epoch = this.epoch;
    void this.delay(action.delayMs, epoch).then((go) => {
      if (go && this.shouldListen) this.startListening(epoch);
    });
  }

  private onResult(event: SpeechRecognitionEventLike): void {
    if (!this.active || this.busy) return;
    this.networkRetries = 0;
    let interim = '';
    for (let i = event.resultIndex; i < event.results.length; i += 1) {
      const result = event.results[i]!;
      const alternative = result[0];
      if (!alternative) continue;
      if (!result.isFinal) {
        interim += alternative.transcript;
        continue;
      }
      const text = alternative.transcript.trim();
      const rejection = transcriptRejection(text, alternative.confidence);
      const quality = nextQuality(this.quality, rejection);
      this.quality = quality.state;
      if (quality.warn) this.showQualityWarning();
      if (rejection) continue; // low quality, or nothing said: never submitted
      if (isDuplicateTranscript(text, this.lastAccepted)) continue;
      this.lastAccepted = text;
      void this.submit(text);
      return;
    }
    const shown = interim.trim();
    this.host.update({ interim: shown && !isDuplicateTranscript(shown, this.lastAccepted, true) ? shown : '' });
  }

  private showQualityWarning(): void {
    if (this.qualityTimer) clearTimeout(this.qualityTimer);
    this.host.update({ qualityWarning: true });
    this.qualityTimer = setTimeout(() => {
      this.qualityTimer = null;
      this.host.update({ qualityWarning: false });
    }, VOICE.qualityWarningMs);
  }

  private async submit(answer: string): Promise<void> {
    const question = this.host.question();
    if (!question || this.busy) return;
    const epoch = this.epoch;
    this.busy = true;
    this.stopListening();
    this.host.update({ status: 'submitting', heard: answer, interim: '', verdict: null });
    const controller = new AbortController();
    this.evaluation = controller;
    let evaluation: VoiceEvaluation;
    try {
      this.host.update({ status: 'evaluating' });
      evaluation = await this.host.evaluate(question, answer, controller.signal);
    } catch {
      if (epoch === this.epoch) this.busy = false;
      return; // aborted: turned off or moved on
    } finally {
      if (this.evaluation === controller) this.evaluation = null;
    }
    if (epoch !== this.epoch) return;
    this.busy = false;
    const texts = this.host.texts();
    const reason = evaluation.local ? texts.localReason(evaluation) : evaluation.reason;
    this.host.update({
      notice: evaluation.local ? 'evaluationError' : null,
      verdict: { questionId: question.id, answer, isCorrect: evaluation.isCorrect, reason },
    });

    if (evaluation.isCorrect) {
      if (this.host.isLastQuestion()) {
        this.host.update({ status: 'completed' });
        await this.speak(texts.completed);
        if (epoch !== this.epoch) return;
      } else {
        this.host.update({ status: 'connected' });
      }
      this.host.pass();
      return;
    }

    if (!this.host.visible()) {
      this.host.update({ status: 'connected' });
      this.host.fail();
      return;
    }
    // Wrong: the reason stays on screen, is read out, and the learner may answer again.
    this.host.update({ status: 'speaking' });
    await this.speak(texts.wrong(reason));
    if (epoch !== this.epoch) return;
    this.host.update({ status: 'connected' });
    if (await this.delay(VOICE.afterReadingDelayMs, epoch)) this.startListening(epoch);
  }

  /** Waits, unless the epoch ends first; answers whether to go on. */
  private delay(ms: number, epoch: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve(epoch === this.epoch && this.active);
      }, ms);
      this.timers.add(timer);
    });
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.qualityTimer) clearTimeout(this.qualityTimer);
    this.qualityTimer = null;
  }
}
