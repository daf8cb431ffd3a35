/**
 * What the notes need of the cloze syntax beyond the shared rule (shared/domain/cloze.ts, which reads
 * and writes it): the letters glued to each gap, so a gap that splits a Korean word can be caught.
 */
import { parseCloze, type ClozePart } from '#shared/domain/cloze.js';

export interface GapSpan {
  number: number;
  /** The gap's answer as written. */
  answer: string;
  /** The text right before and after the gap, up to the nearest space or punctuation. */
  before: string;
  after: string;
}

const BOUNDARY = /[\s"'“”‘’()[\]{}<>「」『』,.;:!?·…|—-]/u;

/** The letters of `text` from its start (`step` 1) or its end (`step` -1) up to the first boundary. */
function glued(text: string, step: 1 | -1): string {
  const chars = [...text];
  if (step === -1) chars.reverse();
  const end = chars.findIndex((char) => BOUNDARY.test(char));
  const run = end < 0 ? chars : chars.slice(0, end);
  return (step === -1 ? run.reverse() : run).join('');
}

/** A neighbouring part's text; a gap next to a gap has nothing glued to it. */
const textOf = (part: ClozePart | undefined) => (part?.kind === 'text' ? part.raw : '');

/** The gaps of a content, each with the letters glued to it on either side. */
export function readGaps(content: string): GapSpan[] {
  const parts = parseCloze(content);
  return parts.flatMap((part, i) =>
    part.kind === 'gap'
      ? [
          {
            number: part.number,
            answer: part.raw,
            before: glued(textOf(parts[i - 1]), -1),
            after: glued(textOf(parts[i + 1]), 1),
          },
        ]
      : [],
  );
}
