import { describe, expect, test } from 'vitest';
import {
  isDuplicateTranscript,
  isLowQuality,
  nextQuality,
  pickVoice,
  questionSpeech,
  speechLanguage,
  transcriptRejection,
  wordOverlapRatio,
  type QualityState,
  type TranscriptRejection,
} from '../../web/src/features/voice-mode/utils/recognition-filters.js';
import { detectSpeechSupport } from '../../web/src/features/voice-mode/utils/speech-support.js';
import { VOICE } from '../../web/src/features/voice-mode/utils/voice-constants.js';

describe('voice recognition filters (docs/product.md#voice-mode)', () => {
  test('confidence must be at least 0.6', () => {
    expect(transcriptRejection('쿠버네티스 파드', 0.9)).toBeNull();
    expect(transcriptRejection('쿠버네티스 파드', 0.6)).toBeNull();
    expect(transcriptRejection('쿠버네티스 파드', 0.59)).toBe('lowConfidence');
    expect(transcriptRejection('쿠버네티스 파드', 0)).toBe('lowConfidence');
    // An engine that reports no confidence at all is not held against the text.
    expect(transcriptRejection('kubernetes pod', undefined)).toBeNull();
    expect(transcriptRejection('kubernetes pod', Number.NaN)).toBeNull();
  });

  test('2 to 200 characters after trimming', () => {
    expect(transcriptRejection('  네  ', 0.9)).toBe('tooShort');
    expect(transcriptRejection('예스', 0.9)).toBeNull();
    expect(transcriptRejection('ab', 0.9)).toBeNull();
    expect(transcriptRejection('a'.repeat(200), 0.9)).toBeNull();
    expect(transcriptRejection('a'.repeat(201), 0.9)).toBe('tooLong');
    // Characters, not UTF-16 units: 200 Hangul syllables pass.
    expect(transcriptRejection('가'.repeat(200), 0.9)).toBeNull();
  });

  test('needs a Korean or Latin letter', () => {
    expect(transcriptRejection('123 456', 0.9)).toBe('noLetters');
    expect(transcriptRejection('?!..', 0.9)).toBe('noLetters');
    expect(transcriptRejection('ㅋㅋ', 0.9)).toBeNull(); // Hangul jamo are Hangul
    expect(transcriptRejection('3 pods', 0.9)).toBeNull();
    expect(transcriptRejection('Ünïcode', 0.9)).toBeNull();
  });

  test('empty text is rejected but is not a quality problem', () => {
    expect(transcriptRejection('   ', 0.9)).toBe('empty');
    expect(transcriptRejection('', 0.1)).toBe('empty');
    expect(isLowQuality('empty')).toBe(false);
    expect(isLowQuality(null)).toBe(false);
    for (const reason of ['lowConfidence', 'tooShort', 'tooLong', 'noLetters'] as TranscriptRejection[])
      expect(isLowQuality(reason)).toBe(true);
  });

  test('word overlap ratio: the share of the new words already said', () => {
    expect(wordOverlapRatio('kubernetes pod', 'kubernetes pod')).toBe(1);
    expect(wordOverlapRatio('Kubernetes, POD!', 'kubernetes pod')).toBe(1);
    expect(wordOverlapRatio('a b c d', 'a x y z')).toBe(0.25);
    expect(wordOverlapRatio('', 'a')).toBe(0);
    expect(wordOverlapRatio('a', '')).toBe(0);
    expect(wordOverlapRatio('a a a b', 'a')).toBe(0.5); // distinct words
  });

  test('duplicates: 0.3 for final text, 0.5 for accumulated interim text', () => {
    expect(isDuplicateTranscript('쿠버네티스 파드', null)).toBe(false);
    expect(isDuplicateTranscript('쿠버네티스 파드', '쿠버네티스 파드')).toBe(true);
    // 1 of 3 words repeated ≈ 0.33: a duplicate for final text, not for interim text.
    expect(isDuplicateTranscript('one two three', 'one four five')).toBe(true);
    expect(isDuplicateTranscript('one two three', 'one four five', true)).toBe(false);
    // 1 of 4 = 0.25: new text.
    expect(isDuplicateTranscript('one two three four', 'one five')).toBe(false);
    // 2 of 4 = 0.5: an interim duplicate.
    expect(isDuplicateTranscript('one two three four', 'one two', true)).toBe(true);
  });

  test('three low-quality results in a row bring the warning, then the count starts again', () => {
    let state: QualityState = { lowQualityStreak: 0 };
    const step = (rejection: TranscriptRejection | null) => {
      const next = nextQuality(state, rejection);
      state = next.state;
      return next.warn;
    };
    expect(step('lowConfidence')).toBe(false);
    expect(step('tooShort')).toBe(false);
    expect(step('noLetters')).toBe(true);
    expect(state.lowQualityStreak).toBe(0);
    expect(step('lowConfidence')).toBe(false);
    expect(step('empty')).toBe(false); // silence neither counts nor resets
    expect(state.lowQualityStreak).toBe(1);
    expect(step(null)).toBe(false); // accepted text resets
    expect(step('lowConfidence')).toBe(false);
    expect(step('lowConfidence')).toBe(false);
    expect(step('lowConfidence')).toBe(true);
    expect(VOICE.maxLowQuality).toBe(3);
    expect(VOICE.qualityWarningMs).toBe(5000);
  });
});

describe('voice speech helpers', () => {
  test('speech language ko-KR or en-US', () => {
    expect(speechLanguage('ko')).toBe('ko-KR');
    expect(speechLanguage('en')).toBe('en-US');
  });

  test('a voice of the language, the default one first; Korean by default', () => {
    const voices = [
      { name: 'Samantha', lang: 'en-US', default: true },
      { name: 'Yuna', lang: 'ko-KR', localService: true },
      { name: 'Google 한국의', lang: 'ko_KR', default: false },
    ];
    expect(pickVoice(voices, 'ko')?.name).toBe('Yuna');
    expect(pickVoice(voices, 'en')?.name).toBe('Samantha');
    expect(pickVoice([{ name: 'x', lang: 'fr-FR' }], 'ko')).toBeNull();
    expect(pickVoice([{ name: 'g', lang: 'ko_KR' }], 'ko')?.name).toBe('g');
  });

  test('the question read aloud: title, then content when it says more', () => {
    expect(questionSpeech({ title: '파드란?', content: '파드란?' })).toBe('파드란?');
    expect(questionSpeech({ title: '파드', content: '파드를 설명하세요' })).toBe('파드. 파드를 설명하세요');
    expect(questionSpeech({ title: ' ', content: 'content only' })).toBe('content only');
  });

  test('support needs a recognition constructor (standard or webkit) and speech synthesis', () => {
    class FakeRecognition {}
    class FakeUtterance {}
    const synthesis = { speak() {}, cancel() {} };
    expect(detectSpeechSupport(undefined)).toBeNull();
    expect(detectSpeechSupport({ speechSynthesis: synthesis, SpeechSynthesisUtterance: FakeUtterance })).toBeNull();
    expect(detectSpeechSupport({ webkitSpeechRecognition: FakeRecognition })).toBeNull();
    expect(
      detectSpeechSupport({
        webkitSpeechRecognition: FakeRecognition,
        speechSynthesis: synthesis,
        SpeechSynthesisUtterance: FakeUtterance,
      })?.Recognition,
    ).toBe(FakeRecognition);
    expect(
      detectSpeechSupport({
        SpeechRecognition: FakeRecognition,
        speechSynthesis: synthesis,
        SpeechSynthesisUtterance: FakeUtterance,
      }),
    ).not.toBeNull();
  });
});
