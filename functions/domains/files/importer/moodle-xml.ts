import { DomUtils, parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { AppError } from '../../../runtime/http/app-error.js';
import { htmlToText } from './anki-text.js';
import type { ReaderSkip } from './parsed-sheet.js';
import type { QuizRecord } from './quiz-records.js';

/**
 * Moodle XML (`<quiz><question type="…">`), read with htmlparser2 in XML mode (html-to-text's own
 * parser: it expands no DTD or external entity). multichoice (single and multiple: every answer of
 * positive fraction is right), truefalse, shortanswer (every full-credit answer accepted, `a|b`) and
 * numerical (the answer as text, its tolerance written in the explanation) are read; `<text>` of
 * format html through html-to-text; general and answer feedback into the explanation; a category
 * question names the category of those after it; every other type is listed as skipped by type.
 */

const READ_TYPES = ['multichoice', 'truefalse', 'shortanswer', 'numerical'];

const children = (el: Element, name: string) =>
  el.children.filter((c): c is Element => DomUtils.isTag(c) && c.name === name);
const child = (el: Element, name: string) => children(el, name)[0];

/** The `<text>` of a text-bearing element (questiontext, answer, feedback, name), as plain text. */
function textOf(el: Element | undefined, format?: string): string {
  if (!el) return '';
  const node = child(el, 'text');
  const raw = node ? DomUtils.textContent(node) : '';
  const kind = format ?? DomUtils.getAttributeValue(el, 'format') ?? 'moodle_auto_format';
  return (kind === 'plain_text' || kind === 'markdown' ? raw : htmlToText(raw)).trim();
}

function fraction(el: Element): number {
  const value = Number(DomUtils.getAttributeValue(el, 'fraction') ?? '0');
  return Number.isFinite(value) ? value : 0;
}

/** Line numbers from character offsets. */
function lineFinder(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

function readQuestion(el: Element, type: string, base: Omit<QuizRecord, 'choices' | 'answer'>): QuizRecord | null {
  const answers = children(el, 'answer').map((a) => ({
    text: textOf(a),
    fraction: fraction(a),
    feedback: textOf(child(a, 'feedback')),
    tolerance: DomUtils.textContent(child(a, 'tolerance') ?? []).trim(),
  }));
  const feedback = answers.filter((a) => a.feedback).map((a) => `${a.text}: ${a.feedback}`);
  if (type === 'multichoice') {
    base.explanation.push(...feedback);
    return { ...base, choices: answers.map((a) => ({ text: a.text, correct: a.fraction > 0 })) };
  }
  if (type === 'truefalse') {
    const right = answers.find((a) => a.fraction >= 100);
    if (!right) return null;
    const value = right.text.trim().toLowerCase() === 'true';
    base.explanation.push(...feedback);
    return {
      ...base,
      choices: [
        { text: 'True', correct: value },
        { text: 'False', correct: !value },
      ],
    };
  }
  const best = Math.max(0, ...answers.map((a) => a.fraction));
  const accepted = answers.filter((a) => a.fraction > 0 && a.fraction === best && a.text !== '');
  base.explanation.push(...feedback);
  if (type === 'shortanswer') return { ...base, answer: accepted.map((a) => a.text).join('|') };
  const first = accepted[0];
  if (!first) return { ...base, answer: '' };
  if (Number(first.tolerance) > 0) base.explanation.unshift(`${first.text} ± ${first.tolerance}`);
  return { ...base, answer: first.text };
}

/** Moodle writes elements a few levels deep; DomUtils' readers recurse, so far deeper nesting would overflow the stack. */
const MAX_DEPTH = 100;

function tooDeep(nodes: ChildNode[]): boolean {
  const stack = nodes.map((node) => ({ node, depth: 1 }));
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.depth > MAX_DEPTH) return true;
    if (DomUtils.hasChildren(item.node))
      for (const node of item.node.children) stack.push({ node, depth: item.depth + 1 });
  }
  return false;
}

export function readMoodleXml(xml: string): { records: QuizRecord[]; skipped: ReaderSkip[] } {
  const document = parseDocument(xml, { xmlMode: true, withStartIndices: true });
  if (tooDeep(document.children)) throw new AppError(400, 'sheet_unreadable');
  const quiz = DomUtils.findOne((el) => el.name === 'quiz', document.children, false);
  if (!quiz) throw new AppError(400, 'sheet_unreadable');
  const lineAt = lineFinder(xml);
  const records: QuizRecord[] = [];
  const skipped: ReaderSkip[] = [];
  let category = '';
  for (const el of children(quiz, 'question')) {
    const type = DomUtils.getAttributeValue(el, 'type') ?? '';
    const line = lineAt(el.startIndex ?? 0);
    if (type === 'category') {
      category = textOf(child(el, 'category'), 'plain_text').replace(/^\$\w+\$\//, '');
      continue;
    }
    if (!READ_TYPES.includes(type)) {
      skipped.push({ line, reason: 'unsupported_type', type: type || 'unknown' });
      continue;
    }
    const explanation = [textOf(child(el, 'generalfeedback'))];
    const base = {
      line,
      title: textOf(child(el, 'name'), 'plain_text'),
      question: textOf(child(el, 'questiontext')),
      explanation,
      category,
    };
    const record = readQuestion(el, type, base);
    if (record && base.question !== '') records.push(record);
    else skipped.push({ line, reason: 'unreadable_record' });
  }
  return { records, skipped };
}
