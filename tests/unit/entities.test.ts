import { describe, expect, it } from 'vitest';
import { countersEntity, examEntity, examQuestionEntity, parseScheduledEntry, userEntity, usernameClaimEntity } from '../../functions/lib/data/entities/index.js';

const exam = {
  id: 'e1',
  title: 'T',
  title_ko: 'T',
  title_en: '',
  title_key: 't',
  description_ko: '',
  description_en: '',
  created_at: '2026-01-01T00:00:00.000Z',
  created_language: 'ko' as const,
  is_original: true,
  original_exam: null,
  version_number: 1,
  is_public: true,
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
};

describe('entity layer', () => {
  it('round-trips an exam: the stored item carries its keys, the parsed record none of them', () => {
    const item = examEntity.item(exam);
    expect(item).toMatchObject({ pk: 'EXAM#e1', sk: 'EXAM', gsi1pk: 'USER#u1#EXAMS', type: 'EXAM' });
    const parsed = examEntity.parse({ ...item, written_by_newer_code: 1 });
    expect(parsed).toMatchObject(exam);
    expect(parsed).not.toHaveProperty('pk');
    expect(parsed).not.toHaveProperty('gsi2pk');
    // Attributes a newer writer added survive a read-modify-write.
    expect(examEntity.item(parsed)).toHaveProperty('written_by_newer_code', 1);
  });

  it('refuses an item that is not what it claims to be', () => {
    expect(() => examEntity.parse({ pk: 'EXAM#x', sk: 'EXAM', id: 'x' })).toThrow();
  });

  it('fills the defaults of older USER items', () => {
    const user = userEntity.parse({ pk: 'USER#u1', sk: 'USER', id: 'u1', username: 'ann', date_joined: '2026-01-01', role: null, is_staff: 1, language: 'fr' });
    expect(user).toMatchObject({ email: '', role: 'user_role', is_staff: true, is_superuser: false, language: 'ko', passwordHash: '' });
  });

  it('keeps exam-question copies findable by question and exam', () => {
    const item = examQuestionEntity.item('e1', 3, { id: 'q1', title_ko: 'x', junk: 'dropped' });
    expect(item).toMatchObject({ pk: 'EXAM#e1', sk: 'Q#000003', gsi1pk: 'QUESTION#q1', gsi1sk: 'EXAM#e1#3', order: 3 });
    expect(item).not.toHaveProperty('junk');
    expect(examQuestionEntity.parsePlaced(item)).toMatchObject({ id: 'q1', examId: 'e1', order: 3 });
  });

  it('reads claims back to the value they claim', () => {
    expect(usernameClaimEntity.parse(usernameClaimEntity.item(' Ann ', 'u1'))).toEqual({ value: 'ann', userId: 'u1' });
  });

  it('tells scheduled entries apart', () => {
    expect(parseScheduledEntry({ ...countersEntity.key('u1'), stats_reset_cutoff: '2026' })).toEqual({ kind: 'reset', userId: 'u1', cutoff: '2026' });
    expect(parseScheduledEntry({ ...userEntity.key('u1'), retention_cleanup_enabled: true, retention_cleanup_percentage: 20 })).toEqual({
      kind: 'retention',
      userId: 'u1',
      percentage: 20,
    });
    expect(parseScheduledEntry({ ...userEntity.key('u1'), retention_cleanup_enabled: false })).toBeNull();
  });
});
