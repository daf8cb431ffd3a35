import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { clozeCardSides } from '#shared/domain/cloze-note-edit.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { examEntity } from '../../functions/domains/exams/entities/exam.js';
import { questionStatEntity } from '../../functions/domains/learning/entities/question-stat.js';
import { updateQuestion } from '../../functions/domains/exams/question-edit.js';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import * as XLSX from 'xlsx';
import { createExam, uploadBank, uploadSheet, type UploadedFile } from '../support/exam-fixtures.js';
import { KO_HEADER, multipartForm, xlsxBytes } from '../support/sheets.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { writeDueStat } from '../support/due-cards.js';
import { signedInContextFor } from '../support/request-context.js';
import type { TestClient } from '../support/http-client.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/*
 * Editing one cloze card edits its note (D455, D456): every card of the note is read back from the
 * table after the edit, with its memory state where its gap stayed.
 */

type Item = Record<string, any>;
let owner: FixtureUser;
let other: FixtureUser;
let admin: FixtureUser;
let bank: UploadedFile;
let publicBank: UploadedFile;
const calls = countDynamoCalls();

beforeAll(async () => {
  owner = await fixtureUser(apiUrl);
  other = await fixtureUser(apiUrl);
  admin = await fixtureUser(apiUrl, { role: 'admin_role' });
  bank = await uploadBank(owner, `cloze-edit-${uniqueSuffix()}.xlsx`, 40, false);
  publicBank = await uploadBank(owner, `cloze-edit-public-${uniqueSuffix()}.xlsx`, 2, true);
});

const newExam = async (count = 1, isPublic = false) =>
  (
    await createExam(owner, {
      title: `cloze ${uniqueSuffix()}`,
      question_count: count,
      file_id: (isPublic ? publicBank : bank).id,
      is_public: isPublic,
    })
  ).id;

/** Adds a note the way the editor does: one request per gap number. */
async function addNote(examId: string, note: string, title = 'capital'): Promise<Item[]> {
  const numbers = [...new Set([...note.matchAll(/\{\{c(\d+)::/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  const cards: Item[] = [];
  for (const cloze of numbers) {
    const res = await owner.client.post(`/api/exam/${examId}/add-question/`, {
      title,
      content: note,
      answer: '',
      cloze,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    cards.push((await res.json()) as Item);
  }
  return cards;
}

/** The exam's question items as stored (keys and all), by position. */
async function storedQuestions(examId: string): Promise<Item[]> {
  const { Items } = await dynamoDocument().send(
    new QueryCommand({
      TableName: config.appTable,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :q)',
      ExpressionAttributeValues: { ':pk': examEntity.partition(examId), ':q': 'Q#' },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

const notesCards = async (examId: string) =>
  (await storedQuestions(examId)).filter((q) => typeof q.cloze === 'number').sort((a, b) => a.cloze - b.cloze);

async function totalQuestions(examId: string): Promise<number> {
  const { Item } = await dynamoDocument().send(
    new GetCommand({ TableName: config.appTable, Key: examEntity.key(examId), ConsistentRead: true }),
  );
  return Number(Item?.total_questions);
}

async function indexed(gsi2pk: string): Promise<string[]> {
  const { Items } = await dynamoDocument().send(
    new QueryCommand({
      TableName: config.appTable,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi2pk },
    }),
  );
  return (Items ?? []).map((i) => String(i.id)).sort();
}

async function stat(userId: string, questionId: string): Promise<Item | undefined> {
  const { Item } = await dynamoDocument().send(
    new GetCommand({
      TableName: config.appTable,
      Key: questionStatEntity.key(userId, questionId),
      ConsistentRead: true,
    }),
  );
  return Item;
}

const edit = (client: TestClient, examId: string, id: string, body: Item) =>
  client.patch(`/api/questions/${id}/update/`, { exam_id: examId, ...body });

/** Every card holds the note and its own sides of it, in the caller's (Korean) fields. */
function expectCardsOf(cards: Item[], note: string, numbers: number[]) {
  expect(cards.map((c) => c.cloze)).toEqual(numbers);
  for (const card of cards) {
    const sides = clozeCardSides(note, card.cloze);
    expect(card).toMatchObject({ cloze_note: note, content_ko: sides.content, answer_ko: sides.answer });
  }
}

describe('editing one card of a cloze note', () => {
  it('rewrites every card, adds a card for an added gap, deletes the removed gap’s card; kept cards keep their memory', async () => {
    const examId = await newExam();
    const before = '{{c1::Seoul}} is the capital of {{c2::Korea}}, on the {{c3::Han}} river';
    const [c1, c2, c3] = await addNote(examId, before);
    await writeDueStat(owner.id, c1!.id, examId, { daysAgo: 1, stability: 6 });
    await writeDueStat(owner.id, c3!.id, examId, { daysAgo: 1, stability: 6 });
    const memory = (await stat(owner.id, c1!.id))!.fsrs;

    const after = '{{c1::Seoul}} is the capital of {{c2::South Korea::country}} since {{c4::1948}}';
    const res = await edit(owner.client, examId, c2!.id, {
      title: 'capital',
      content: after,
      answer: '',
      explanation: 'Extra',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      id: c2!.id,
      cloze: 2,
      content: 'Seoul is the capital of [country] since 1948',
    });

    const cards = await notesCards(examId);
    expectCardsOf(cards, after, [1, 2, 4]);
    expect(cards.map((c) => c.explanation_ko)).toEqual(['Extra', 'Extra', 'Extra']);
    expect(cards[0]!.id).toBe(c1!.id);
    expect(cards[1]!.id).toBe(c2!.id);
    expect([c1!.id, c2!.id, c3!.id]).not.toContain(cards[2]!.id);
    expect(cards[2]!.id).toBe(`${examId}-${cards[2]!.order}`);
    // The removed gap's card is gone as a delete leaves it: no copy, the count agrees, no index entry.
    const all = await storedQuestions(examId);
    expect(all.some((q) => q.id === c3!.id)).toBe(false);
    expect(await totalQuestions(examId)).toBe(all.length);
    expect(new Set(cards.map((c) => c.gsi2pk)).size).toBe(1);
    expect(await indexed(cards[0]!.gsi2pk)).toEqual(cards.map((c) => c.id).sort());
    // Memory is per question id: the kept card's is untouched; the removed card's stays, as after any delete.
    expect((await stat(owner.id, c1!.id))!.fsrs).toEqual(memory);
    expect(await stat(owner.id, cards[2]!.id)).toBeUndefined();
    expect((await stat(owner.id, c3!.id))?.question_id).toBe(c3!.id);
  });

  it('a card whose own gap goes is deleted and the note’s first card answers; plain text ends the note', async () => {
    const examId = await newExam();
    const [c1, c2] = await addNote(examId, '{{c1::Sejong}} made {{c2::Hangul}}');
    const res = await edit(owner.client, examId, c2!.id, { content: '{{c1::King Sejong}} made it' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: c1!.id, cloze: 1 });
    expectCardsOf(await notesCards(examId), '{{c1::King Sejong}} made it', [1]);

    const [added] = await addNote(examId, '{{c1::A}} and {{c2::B}}', 'pair');
    const plain = await edit(owner.client, examId, added!.id, { content: 'What pairs with B?', answer: 'A' });
    expect(plain.status).toBe(200);
    const stored = await storedQuestions(examId);
    const left = stored.find((q) => q.id === added!.id)!;
    expect(left.cloze).toBeUndefined();
    expect(left.gsi2pk).toBeUndefined();
    expect(stored.filter((q) => q.cloze_note === '{{c1::A}} and {{c2::B}}')).toEqual([]);
    expect(await totalQuestions(examId)).toBe(stored.length);
  });

  it('a question becoming a note gets a card per gap; a note too large for one transaction is refused whole', async () => {
    const examId = await newExam();
    const [question] = await storedQuestions(examId);
    const res = await edit(owner.client, examId, question!.id, { content: '{{c1::x}} {{c2::y}} {{c3::z}}' });
    expect(res.status, await res.clone().text()).toBe(200);
    expectCardsOf(await notesCards(examId), '{{c1::x}} {{c2::y}} {{c3::z}}', [1, 2, 3]);
    expect((await notesCards(examId))[0]!.id).toBe(question!.id);

    const before = await storedQuestions(examId);
    const huge = Array.from({ length: 99 }, (_, i) => `{{c${i + 1}::w${i}}}`).join(' ');
    const refused = await edit(owner.client, examId, question!.id, { content: huge });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Item).code).toBe('cloze_note_too_large');
    expect(await storedQuestions(examId)).toEqual(before);
  });

  it('finds the cards of a note stored before its index by reading the exam once, and indexes them', async () => {
    const examId = await newExam();
    const cards = await addNote(examId, '{{c1::one}} {{c2::two}} {{c3::three}}');
    for (const item of await notesCards(examId))
      await dynamoDocument().send(
        new UpdateCommand({
          TableName: config.appTable,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
        }),
      );
    const res = await edit(owner.client, examId, cards[0]!.id, { content: '{{c1::uno}} {{c2::two}} {{c3::three}}' });
    expect(res.status).toBe(200);
    const after = await notesCards(examId);
    expectCardsOf(after, '{{c1::uno}} {{c2::two}} {{c3::three}}', [1, 2, 3]);
    expect(after.every((c) => typeof c.gsi2pk === 'string')).toBe(true);
  });
});

describe('DynamoDB requests of a note edit', () => {
  /** Requests of one edit of card c1 through the use case (text changed, one gap added). */
  async function editRequests(examId: string, gaps: number): Promise<Record<string, number>> {
    const note = Array.from({ length: gaps }, (_, i) => `{{c${i + 1}::w${i}}}`).join(' ');
    const [first] = await addNote(examId, note);
    calls.reset();
    await updateQuestion(
      {
        params: { id: first!.id },
        query: {},
        body: { exam_id: examId, content: `${note.replace('w0', 'v0')} {{c${gaps + 1}::new}}` },
      },
      signedInContextFor(owner),
    );
    return calls.byCommand();
  }

  it('do not grow with the exam or the number of gaps', async () => {
    const small = await editRequests(await newExam(1), 3);
    const large = await editRequests(await newExam(40), 3);
    const wide = await editRequests(await newExam(40), 12);
    console.info('note edit requests', small);
    expect(large).toEqual(small);
    expect(wide).toEqual(small);
    // exam, rights, the card (gsi1 + GetItem), its note (gsi2 + BatchGet), a position (Query + Update), the transaction
    expect(Object.values(small).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10);
    expect(small.TransactWriteItemsCommand).toBe(1);
  });
});

describe('authorization of a note edit (unchanged: canEditExam)', () => {
  it('lets the owner and an admin edit; others get what a plain edit gives them, and nothing changes', async () => {
    const clients: Record<string, TestClient> = {
      anonymous: await anonymousClient(apiUrl),
      owner: owner.client,
      other: other.client,
      admin: admin.client,
    };
    for (const isPublic of [true, false]) {
      const seen: Record<string, number> = {};
      for (const [who, client] of Object.entries(clients)) {
        const examId = await newExam(1, isPublic);
        const [c1] = await addNote(examId, '{{c1::a}} {{c2::b}}');
        const res = await edit(client, examId, c1!.id, { content: '{{c1::a}} {{c3::c}}' });
        seen[who] = res.status;
        const numbers = (await notesCards(examId)).map((c) => c.cloze);
        expect(numbers).toEqual(res.status === 200 ? [1, 3] : [1, 2]);
      }
      expect(seen).toEqual({ anonymous: 401, owner: 200, other: isPublic ? 403 : 404, admin: 200 });
    }
  });
});

describe('updating an exam from its exported sheet (D457)', () => {
  const cellsOf = (bytes: ArrayBuffer): string[][] => {
    const book = XLSX.read(new Uint8Array(bytes), { type: 'array' });
    return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: '' });
  };

  it('edits a note’s cards as the editor does, keeps the kept gaps’ memory, and makes an ordinary row a note', async () => {
    const file = await uploadSheet(
      owner,
      `cloze-sheet-${uniqueSuffix()}.xlsx`,
      [
        KO_HEADER,
        ['50', 'Capital', '{{c1::Seoul}} is in {{c2::Korea}} by the {{c3::Han}}', '', 'Seen on a map', 'Easy', '', ''],
        ['51', 'River', 'Which river flows through Seoul?', 'Han', '', '', '', ''],
      ],
      false,
    );
    const examId = (
      await createExam(owner, { title: `cloze sheet ${uniqueSuffix()}`, question_count: 4, file_id: file.id })
    ).id;
    const [c1, c2, c3] = await notesCards(examId);
    expect([c1, c2, c3].map((c) => c!.csv_id)).toEqual(['50-c1', '50-c2', '50-c3']);
    const river = (await storedQuestions(examId)).find((q) => q.csv_id === '51')!;
    await writeDueStat(owner.id, c1!.id, examId, { daysAgo: 2, stability: 8 });
    await writeDueStat(owner.id, c2!.id, examId, { daysAgo: 1, stability: 3 });
    const memory = [(await stat(owner.id, c1!.id))!.fsrs, (await stat(owner.id, c2!.id))!.fsrs];

    const exported = await owner.client.get(`/api/exam/${examId}/export/?format=xlsx`);
    expect(exported.status).toBe(200);
    const [header, ...rows] = cellsOf(await exported.arrayBuffer());
    const column = (label: string) => header!.indexOf(label);
    const [idAt, contentAt] = [column(KO_HEADER[0]!), column(KO_HEADER[2]!)];
    const noteRow = rows.find((r) => r[idAt] === '50')!;
    expect(noteRow[contentAt]).toBe('{{c1::Seoul}} is in {{c2::Korea}} by the {{c3::Han}}');
    expect(rows.filter((r) => String(r[idAt]).startsWith('50'))).toHaveLength(1);
    const edited = '{{c1::Seoul}} is the capital of {{c2::South Korea::country}} since {{c4::1948}}';
    noteRow[contentAt] = edited;
    rows.find((r) => r[idAt] === '51')![contentAt] = 'The {{c1::Han}} flows through {{c2::Seoul}}';

    const res = await owner.client.request('POST', `/api/exam/${examId}/update-questions-from-excel/`, {
      body: multipartForm({}, { name: 'edited.xlsx', bytes: xlsxBytes([header!, ...rows]) }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as Item).stats).toMatchObject({ errors: 0, skipped: 0 });

    const cards = await notesCards(examId);
    const note = cards.filter((c) => c.cloze_note === edited);
    expectCardsOf(note, edited, [1, 2, 4]);
    expect(note.map((c) => c.id).slice(0, 2)).toEqual([c1!.id, c2!.id]);
    expect(note.map((c) => c.csv_id)).toEqual(['50-c1', '50-c2', '50-c4']);
    expect(note.map((c) => c.title_ko)).toEqual(['Capital (c1)', 'Capital (c2)', 'Capital (c4)']);
    expect(note.map((c) => c.explanation_ko)).toEqual(['Seen on a map', 'Seen on a map', 'Seen on a map']);
    expect((await stat(owner.id, c1!.id))!.fsrs).toEqual(memory[0]);
    expect((await stat(owner.id, c2!.id))!.fsrs).toEqual(memory[1]);

    const made = cards.filter((c) => c.cloze_note === 'The {{c1::Han}} flows through {{c2::Seoul}}');
    expectCardsOf(made, 'The {{c1::Han}} flows through {{c2::Seoul}}', [1, 2]);
    expect(made[0]!.id).toBe(river.id);
    const all = await storedQuestions(examId);
    expect(all.some((q) => q.id === c3!.id)).toBe(false);
    expect(all).toHaveLength(5);
    expect(await totalQuestions(examId)).toBe(5);
    expect(await indexed(note[0]!.gsi2pk)).toEqual(note.map((c) => c.id).sort());

    // A row without gaps naming the note would delete its other cards: refused, the note untouched.
    const plain = await owner.client.request('POST', `/api/exam/${examId}/update-questions-from-excel/`, {
      body: multipartForm({}, { name: 'plain.xlsx', bytes: xlsxBytes([KO_HEADER, ['50', 't', 'no gaps', 'x']]) }),
    });
    expect(plain.status).toBe(200);
    const stats = ((await plain.json()) as Item).stats;
    expect(stats).toMatchObject({ updated: 0, errors: 1 });
    expect(stats.error_details[0]).toContain('50');
    expect(await storedQuestions(examId)).toEqual(all);
  });
});
