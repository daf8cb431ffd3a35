import { CHOICE_LINE, hasChoiceOptions, yesNoValue } from './answer-check.js';
import { revealedSentence, type ClozeCard } from './cloze.js';

/**
 * How the answer of a question is entered (docs/product.md#take-exam): true / false buttons (O / X) for yes/no
 * questions, radio buttons for single choice (options in the content, an answer without a
 * comma), checkboxes for multiple choice (an answer with a comma or semicolon), else free text.
 */
export type InputForm = 'yesno' | 'radio' | 'checkbox' | 'textarea';

const LIST_SEPARATOR = /[,;，；]/;

export function detectInputForm(content: string, correctAnswer: string): InputForm {
  if (yesNoValue(correctAnswer)) return 'yesno';
  if (hasChoiceOptions(content)) return LIST_SEPARATOR.test(correctAnswer) ? 'checkbox' : 'radio';
  return 'textarea';
}

export interface ChoiceOption {
  /** The option's letter or digit as written (a, B, 3). */
  key: string;
  text: string;
}

/** The options listed in the content: lines starting a-d / A-D / 1-20 with . or ). */
export function choiceOptions(content: string): ChoiceOption[] {
  const options: ChoiceOption[] = [];
  for (const line of content.normalize('NFKC').split(/\r?\n/)) {
    const match = CHOICE_LINE.exec(line);
    if (match) options.push({ key: match[1]!, text: match[2]!.trim() });
  }
  return options;
}

/** The content without its option lines (the options are shown as inputs). */
export function contentWithoutOptions(content: string): string {
  return content
    .normalize('NFKC')
    .split(/\r?\n/)
    .filter((line) => !CHOICE_LINE.test(line))
    .join('\n')
    .trim();
}

/**
 * A question's form, its choices and the text shown above them (choice lines become inputs): what
 * every screen that asks a question shows, and the text the exam read renders for it (D263).
 */
export function questionParts(content: string, correctAnswer: string) {
  const inputForm = detectInputForm(content, correctAnswer);
  const options = inputForm === 'radio' || inputForm === 'checkbox' ? choiceOptions(content) : [];
  return { inputForm, options, content: options.length > 0 ? contentWithoutOptions(content) : content };
}

/**
 * The texts a question card shows, non-blank and in order: its text as `questionParts` gives it, the
 * correct answer, the explanation and a cloze card's whole sentence (D367). What take-exam renders before
 * it shows a Markdown question, and what the exam read renders for it (D263): the same list on both
 * sides, so each finds the other's.
 */
export function shownTexts(
  question: { content?: string; answer?: string; explanation?: string } & ClozeCard,
): string[] {
  const answer = question.answer ?? '';
  const texts = [
    questionParts(question.content ?? '', answer).content,
    answer,
    question.explanation ?? '',
    revealedSentence(question) ?? '',
  ];
  return texts.filter((text) => text.trim() !== '');
}

/** The checkbox answer: the picked keys, comma-joined in option order. */
export function joinChoices(picked: readonly string[], options: readonly ChoiceOption[]): string {
  return options
    .filter((option) => picked.includes(option.key))
    .map((option) => option.key)
    .join(', ');
}

export function splitChoices(answer: string): string[] {
  return answer
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The answer after choosing `key`: a radio answer becomes it, a checkbox answer switches it on or off. */
export function chooseOption(
  answer: string,
  key: string,
  inputForm: InputForm,
  options: readonly ChoiceOption[],
): string {
  if (inputForm !== 'checkbox') return key;
  const picked = splitChoices(answer).map((part) => part.toLowerCase());
  const lower = key.toLowerCase();
  const next = picked.includes(lower) ? picked.filter((item) => item !== lower) : [...picked, lower];
  return joinChoices(
    next,
    options.map((option) => ({ ...option, key: option.key.toLowerCase() })),
  );
}

/** An answer as the learner saw it: a Y/N answer as its true / false label, anything else as typed. */
export function displayAnswer(value: string, inputForm: InputForm, labels: { true: string; false: string }): string {
  if (inputForm !== 'yesno') return value;
  const yesNo = yesNoValue(value);
  return yesNo === 'Y' ? labels.true : yesNo === 'N' ? labels.false : value;
}
