import type { ExamRecord } from '../../functions/domains/exams/entities/exam.js';

/** A whole exam record as the entity layer stores it, for tests that write or parse items directly. */
export function examRecord(overrides: Partial<ExamRecord> = {}): ExamRecord {
  return {
    id: 'e1',
    title: 'T',
    title_ko: 'T',
    title_en: '',
    title_key: 't',
    description_ko: '',
    description_en: '',
    created_at: '2026-01-01T00:00:00.000Z',
    created_language: 'ko',
    is_original: true,
    original_exam: null,
    version_number: 1,
    is_public: true,
    has_private_questions: false,
    file_name: null,
    file_id: null,
    total_questions: 0,
    created_by_id: 'u1',
    created_by_username: 'u',
    tags: [],
    tag_ids: [],
    force_answer: false,
    voice_mode_enabled: false,
    ai_mock_interview: false,
    search_text: 't',
    ...overrides,
  };
}
