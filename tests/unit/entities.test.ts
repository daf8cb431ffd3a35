import { describe, expect, it } from 'vitest';
import { countersEntity } from '../../functions/domains/users/entities/counters.js';
import { examEntity } from '../../functions/domains/exams/entities/exam.js';
import { examQuestionEntity } from '../../functions/domains/exams/entities/exam-question.js';
import { joinRequestEntity, parseJoinRequestId } from '../../functions/domains/studies/entities/study-join-request.js';
import { parseChildId, studyCountersEntity, studyEntity } from '../../functions/domains/studies/entities/study.js';
import { parseScheduledEntry } from '../../functions/domains/users/entities/scheduled-entry.js';
import { studyMemberEntity, studyMemberKeyEntity } from '../../functions/domains/studies/entities/study-member.js';
import { studyMembershipEntity } from '../../functions/domains/studies/entities/study-membership.js';
import { studyTaskEntity } from '../../functions/domains/studies/entities/study-task.js';
import { userEntity } from '../../functions/domains/users/entities/user.js';
import { usernameClaimEntity } from '../../functions/domains/users/entities/account-claims.js';
import { WITHDRAWN_CREATOR_ID } from '../../functions/runtime/data/key-parts.js';
import { examRecord } from '../support/exam-records.js';
import {
  reviewDayEntity,
  reviewGradeEntity,
  reviewLastEntity,
} from '../../functions/domains/learning/entities/review-grade.js';
import { questionStatEntity } from '../../functions/domains/learning/entities/question-stat.js';

const exam = examRecord();

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
    const user = userEntity.parse({
      pk: 'USER#u1',
      sk: 'USER',
      id: 'u1',
      username: 'ann',
      date_joined: '2026-01-01',
      role: null,
      is_staff: 1,
      language: 'fr',
    });
    expect(user).toMatchObject({
      email: '',
      role: 'user_role',
      is_staff: true,
      is_superuser: false,
      language: 'ko',
      passwordHash: '',
      // Review settings (D126).
      desired_retention: 0.9,
      new_cards_per_day: 20,
      max_reviews_per_day: 200,
      // Workload (D326).
      easy_days: ['normal', 'normal', 'normal', 'normal', 'normal', 'normal', 'normal'],
      load_balancing: true,
    });
  });

  it('keys the Review screen items in the user partition and parses them back without keys', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const grade = {
      grade_id: 'g-12345678',
      question_id: 'f1-3',
      exam_id: 'e1',
      rating: 3,
      day: '2026-02-28',
      kind: 'new',
      graded_at: now.toISOString(),
      previous: null,
      version_after: 1,
      revlog_sk: 'REVLOG#x',
      answer: { due: now.toISOString(), state: 'learning', lapses: 0, leech: false },
      undone: false,
    };
    const item = reviewGradeEntity.item('u1', grade, now);
    expect(item).toMatchObject({ pk: 'USER#u1', sk: 'REVGRADE#g-12345678', type: 'REVGRADE' });
    expect(item.expiresAt).toBe(Math.floor(now.getTime() / 1000) + 30 * 86_400);
    expect(reviewGradeEntity.parse(item)).toMatchObject(grade);
    // A grade stored before D262 carries a copy of its REVLEARN item: it still parses.
    const legacy = { ...item, learning_before: { pk: 'USER#u1', sk: 'REVLEARN#f1-3', due: now.toISOString() } };
    expect(reviewGradeEntity.parse(legacy)).toMatchObject(grade);
    expect(reviewLastEntity.parse(reviewLastEntity.item('u1', 'g-1'))).toMatchObject({ grade_id: 'g-1' });
    expect(reviewDayEntity.key('u1', '2026-02-28')).toEqual({ pk: 'USER#u1', sk: 'REVDAY#2026-02-28' });
    expect(reviewDayEntity.parse({ day: '2026-02-28' })).toMatchObject({ new_count: 0, review_count: 0 });
    // Buried ids come back from DynamoDB as a string set (D305).
    expect(reviewDayEntity.parse({ day: '2026-02-28', buried: new Set(['q1', 'q2']) }).buried).toEqual(['q1', 'q2']);
    expect(reviewDayEntity.parse({ day: '2026-02-28' }).buried).toEqual([]);
    expect(questionStatEntity.leechIndex('u1', 12, 'f1-3')).toEqual({
      gsi2pk: 'USER#u1#LEECH',
      gsi2sk: '000012#f1-3',
    });
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
    expect(parseScheduledEntry({ ...countersEntity.key('u1'), stats_reset_cutoff: '2026' })).toEqual({
      kind: 'reset',
      userId: 'u1',
      cutoff: '2026',
    });
    expect(
      parseScheduledEntry({
        ...userEntity.key('u1'),
        retention_cleanup_enabled: true,
        retention_cleanup_percentage: 20,
      }),
    ).toEqual({
      kind: 'retention',
      userId: 'u1',
      percentage: 20,
    });
    expect(parseScheduledEntry({ ...userEntity.key('u1'), retention_cleanup_enabled: false })).toBeNull();
  });

  describe('studies (§2.7)', () => {
    const sid = 'abcdefghij0123456789';
    const study = {
      id: sid,
      title_ko: '스터디',
      title_en: '',
      goal_ko: '',
      goal_en: '',
      created_language: 'ko' as const,
      start_date: '2026-03-01',
      end_date: null,
      is_public: false,
      created_at: '2026-01-01T00:00:00.000Z',
      created_by_id: 'u1',
      created_by_username: 'ann',
      tags: [],
      tag_ids: [],
      title_keys: ['스터디'],
    };

    it('leaves a study of a withdrawn creator out of the creator index but in its list shard (gap 13)', () => {
      const item = studyEntity.item({ ...study, created_by_id: WITHDRAWN_CREATOR_ID, created_by_username: '' });
      expect(item.gsi1pk).toBeUndefined();
      expect(item.gsi1sk).toBeUndefined();
      expect(item.gsi2pk).toMatch(/^PRIVATESTUDIES#/);
    });

    it('sums the sizes of the exams still linked by a task into question_total (D95)', () => {
      const counters = studyCountersEntity.parse({
        ...studyCountersEntity.key(sid),
        task_count: 4,
        pool_tasks_a: 2,
        pool_size_a: 10,
        pool_tasks_b: 0,
        pool_size_b: 7,
        pool_tasks_c: 1,
        pool_size_c: 5,
      });
      expect(counters).toEqual({ next_local_id: 0, task_count: 4, member_count: 0, question_total: 15 });
      expect(studyCountersEntity.parse({}).question_total).toBe(0);
    });

    it('writes a task change of the counters as one ADD/SET expression with its own placeholders', () => {
      const update = studyCountersEntity.taskUpdate(1, [
        { examId: 'a', tasks: 1, size: 10 },
        { examId: 'b', tasks: -1 },
      ]);
      expect(update).toEqual({
        UpdateExpression: 'ADD task_count :n, #pt0 :pt0, #pt1 :pt1 SET #ps0 = :ps0',
        ExpressionAttributeNames: { '#pt0': 'pool_tasks_a', '#ps0': 'pool_size_a', '#pt1': 'pool_tasks_b' },
        ExpressionAttributeValues: { ':n': 1, ':pt0': 1, ':ps0': 10, ':pt1': -1 },
      });
      expect(studyCountersEntity.taskUpdate(null, [{ examId: 'a', tasks: -1 }]).UpdateExpression).toBe('ADD #pt0 :pt0');
    });

    it('lists a study in its creator index and one private shard, and parses it back without keys', () => {
      const item = studyEntity.item(study);
      expect(item).toMatchObject({
        pk: `STUDY#${sid}`,
        sk: 'META',
        gsi1pk: 'USER#u1#STUDIES',
        gsi2sk: `2026-03-01#${sid}`,
      });
      expect(String(item.gsi2pk)).toMatch(/^PRIVATESTUDIES#[0-3]$/);
      expect(studyEntity.item({ ...study, is_public: true }).gsi2pk).toBe(
        String(item.gsi2pk).replace('PRIVATE', 'PUBLIC'),
      );
      expect(studyEntity.parse(item)).toEqual(study);
    });

    it('resolves task and member ids to their items without an index, and refuses other ids', () => {
      expect(parseChildId(`${sid}_12`)).toEqual({ studyId: sid, localId: 12 });
      for (const bad of [`${sid}_0`, `${sid}_x`, 'short_1', `${sid}_1_2`]) expect(parseChildId(bad)).toBeNull();
      expect(studyTaskEntity.keyOfId(`${sid}_12`)).toEqual({ pk: `STUDY#${sid}`, sk: 'TASK#000000012' });
      expect(studyMemberEntity.keyOfId(`${sid}_3`)).toEqual({ pk: `STUDY#${sid}`, sk: 'MEMBER#000000003' });
      const task = {
        id: `${sid}_2`,
        study_id: sid,
        name_ko: 'a',
        name_en: '',
        exam_id: null,
        exam_title_ko: '',
        exam_title_en: '',
        exam_title: '',
        exam_total_questions: 0,
        progress: 10,
        is_public: true,
        created_at: 'x',
      };
      expect(studyTaskEntity.parse(studyTaskEntity.item(task))).toEqual(task);
    });

    it('keys member uniqueness on the lower-cased email, the code and the linked user', () => {
      const keys = studyMemberKeyEntity.keysOf({ study_id: sid, email: ' Ann@X.org ', member_id: 'M1', user_id: null });
      expect(keys.map((k) => studyMemberKeyEntity.key(sid, k.kind, k.value).sk)).toEqual([
        'MEMBERKEY#EMAIL#ann@x.org',
        'MEMBERKEY#CODE#M1',
      ]);
      // `MEMBER#` Queries do not catch the keys: 'MEMBERKEY#' does not begin with 'MEMBER#'.
      expect('MEMBERKEY#EMAIL#a'.startsWith(studyMemberEntity.skPrefix)).toBe(false);
    });

    it('stores a join request on both sides under one id, and a membership in the user partition', () => {
      const request = {
        id: `${sid}_u-1`,
        study_id: sid,
        user_id: 'u-1',
        user_username: 'b',
        user_email: '',
        message: '',
        requested_at: 't',
        status: 'pending' as const,
        responded_by_username: null,
        responded_at: null,
      };
      expect(joinRequestEntity.studyItem(request)).toMatchObject({ pk: `STUDY#${sid}`, sk: 'JOINREQ#u-1' });
      expect(joinRequestEntity.userItem(request)).toMatchObject({ pk: 'USER#u-1', sk: `JOINREQ#${sid}` });
      expect(parseJoinRequestId(request.id)).toEqual({ studyId: sid, userId: 'u-1' });
      const membership = studyMembershipEntity.item('u-1', {
        study_id: sid,
        member_id: `${sid}_1`,
        role: 'member',
        is_active: true,
        joined_at: 't',
        overall_progress: null,
        last_progress_recorded_at: null,
      });
      expect(membership).toMatchObject({ pk: 'USER#u-1', sk: `MEMBERSHIP#${sid}` });
      expect(studyMembershipEntity.parse({ ...membership, role: undefined }).role).toBe('member');
    });
  });
});
