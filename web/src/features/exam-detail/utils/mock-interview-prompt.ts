import { pickLocalized, type Language } from '#shared/domain/language.js';

/**
 * The AI mock-interview prompt of docs/product.md#limits: four steps (preparation, interview start, follow-up,
 * feedback), then each question's title, answer and, when there is one, its explanation, in the
 * page's language (falling back to the other language per field). The text is content handed to
 * an outside assistant, so it lives here rather than in the screen's i18n bundle.
 */

export interface PromptQuestion {
  title?: string;
  title_ko?: string;
  title_en?: string;
  answer?: string;
  answer_ko?: string;
  answer_en?: string;
  explanation?: string;
  explanation_ko?: string;
  explanation_en?: string;
}

const TEXT: Record<
  Language,
  {
    intro: (title: string) => string;
    steps: [string, string, string, string];
    questions: string;
    question: string;
    answer: string;
    explanation: string;
  }
> = {
  ko: {
    intro: (title) => `당신은 면접관입니다. 아래 "${title}" 문제 목록으로 저와 모의 면접을 진행해 주세요.`,
    steps: [
      '1단계 (준비): 아래 질문과 모범 답안을 읽고 면접 흐름을 준비하세요. 답안을 미리 보여주지 마세요.',
      '2단계 (면접 시작): 질문을 하나씩 물어보고, 제 답변을 기다리세요.',
      '3단계 (꼬리 질문): 제 답변이 부족하거나 모호하면 꼬리 질문으로 더 깊이 확인하세요.',
      '4단계 (피드백): 모든 질문이 끝나면 질문별로 잘한 점, 부족한 점, 모범 답안과의 차이를 정리하고 전체 점수를 알려 주세요.',
    ],
    questions: '질문 목록',
    question: '질문',
    answer: '모범 답안',
    explanation: '설명',
  },
  en: {
    intro: (title) => `You are an interviewer. Run a mock interview with me using the questions of "${title}" below.`,
    steps: [
      'Step 1 (Preparation): read the questions and model answers below and plan the interview. Do not reveal the answers.',
      'Step 2 (Interview start): ask the questions one at a time and wait for my answer.',
      'Step 3 (Follow-up): when my answer is thin or vague, ask follow-up questions to probe deeper.',
      'Step 4 (Feedback): when all questions are done, give per-question strengths, gaps and how my answer differs from the model answer, then an overall score.',
    ],
    questions: 'Questions',
    question: 'Question',
    answer: 'Model answer',
    explanation: 'Explanation',
  },
};

export function buildMockInterviewPrompt(
  examTitle: string,
  questions: readonly PromptQuestion[],
  language: Language,
): string {
  const text = TEXT[language];
  const lines = [text.intro(examTitle), '', ...text.steps, '', `## ${text.questions}`];
  questions.forEach((question, index) => {
    const record = question as Record<string, unknown>;
    const explanation = pickLocalized(record, 'explanation', language).trim();
    lines.push(
      '',
      `${index + 1}. ${text.question}: ${pickLocalized(record, 'title', language).trim()}`,
      `   ${text.answer}: ${pickLocalized(record, 'answer', language).trim()}`,
    );
    if (explanation) lines.push(`   ${text.explanation}: ${explanation}`);
  });
  return lines.join('\n');
}
