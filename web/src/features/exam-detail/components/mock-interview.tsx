import { useMemo } from 'react';
import type { Language } from '#shared/domain/language.js';
import { buildMockInterviewPrompt } from '../utils/mock-interview-prompt.js';
import type { QuestionRow, RowSource } from '../utils/question-rows.js';
import { MockInterviewModal } from './mock-interview-modal.js';

interface Props {
  open: boolean;
  onClose(): void;
  title: string;
  /** The selection, else every shown row, in table order. */
  rows: QuestionRow[];
  sources: RowSource[];
  language: Language;
}

/** The mock interview modal over the chosen questions; the prompt is built only while it is open. */
export function MockInterview({ open, onClose, title, rows, sources, language }: Props) {
  const prompt = useMemo(
    () =>
      open
        ? buildMockInterviewPrompt(
            title,
            rows.map((row) => sources.find((q) => q.id === row.id) ?? {}),
            language,
          )
        : '',
    [open, title, rows, sources, language],
  );
  return <MockInterviewModal open={open} onClose={onClose} prompt={prompt} questionCount={rows.length} />;
}
