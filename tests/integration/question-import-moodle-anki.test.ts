import { beforeAll, describe, expect, inject, it } from 'vitest';
import { isAnswerCorrect } from '#shared/domain/answer-check.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { multipartForm } from '../support/sheets.js';
import { questionPoolOf as poolOf } from '../support/question-pool.js';

/*
 * Anki's current text export (GUID, note type and deck columns) and Moodle's quiz formats (GIFT,
 * Aiken, Moodle XML), each written here as the tools write them, imported through the API and
 * read back from the table.
 */

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

async function upload(user: FixtureUser, name: string, text: string) {
  const res = await user.client.request('POST', '/api/upload-questions/', {
    body: multipartForm({ is_public: 'false' }, { name, bytes: Buffer.from(text) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const ANKI_HEADER = [
  '#separator:tab',
  '#html:true',
  '#guid column:1',
  '#notetype column:2',
  '#deck column:3',
  '#tags column:6',
];
const ankiExport = (notes: string[][]) => [...ANKI_HEADER, ...notes.map((n) => n.join('\t'))].join('\n') + '\n';

describe('question import: Anki text exports and Moodle quizzes', () => {
  let en: () => Promise<FixtureUser>;
  beforeAll(() => {
    en = () => fixtureUser(apiUrl, { language: 'en' });
  });

  it("Anki's Notes in Plain Text: GUIDs as ids, a Cloze note as its card, and a newer export of the same name updates the notes", async () => {
    const user = await en();
    const first = await upload(
      user,
      'Spanish.txt',
      ankiExport([
        ['g:Aa1', 'Basic', 'Spanish::Food', 'la manzana', '<i>apple</i>', 'fruit'],
        ['g:Bb2', 'Cloze', 'Spanish::Grammar', '{{c1::Soy}} de Corea', '', ''],
        ['g:Cc3', 'Basic (and reversed card)', 'Spanish::Food', 'el pan', 'bread', ''],
      ]),
    );
    expect(first.status).toBe(200);
    expect(first.body.stats).toMatchObject({ imported: 3 });
    expect(first.body.report).toMatchObject({ format: { source: 'anki', html: true }, skipped_rows: [] });
    expect((await poolOf(user)).map((q) => [q.csv_id, q.content_en, q.answer_en, q.explanation_en])).toEqual([
      ['g:Aa1', 'la manzana', 'apple', 'Deck: Spanish::Food\nTags: fruit'],
      ['g:Bb2-c1', '[…] de Corea', 'Soy', 'Deck: Spanish::Grammar'],
      ['g:Cc3', 'el pan', 'bread', 'Deck: Spanish::Food'],
    ]);

    // The deck a week later: one note edited, one added, one deleted in Anki.
    const second = await upload(
      user,
      'Spanish.txt',
      ankiExport([
        ['g:Aa1', 'Basic', 'Spanish::Food', 'la manzana', 'apple (fruit)', 'fruit'],
        ['g:Dd4', 'Basic', 'Spanish::Food', 'el agua', 'water', ''],
      ]),
    );
    expect(second.status).toBe(200);
    expect(second.body.replaced).toBe(true);
    expect((await poolOf(user)).map((q) => [q.csv_id, q.answer_en])).toEqual([
      ['g:Aa1', 'apple (fruit)'],
      ['g:Dd4', 'water'],
    ]);
  });

  it('GIFT: choices, true/false, short answer and numerical questions; essay and matching listed', async () => {
    const user = await en();
    const gift = [
      '// our own quiz',
      '::Capital::What is the capital of Korea? {=Seoul ~Busan ~Daegu#Daegu is inland.}',
      '',
      'Water boils at 100 °C at sea level. {TRUE}',
      '',
      'Name the river through Seoul. {=Han =Hangang}',
      '',
      'How many legs has a spider? {#8}',
      '',
      'Describe your town. {}',
      '',
      'Match. {=a -> 1 =b -> 2 =c -> 3}',
    ].join('\n');
    const { status, body } = await upload(user, 'quiz.gift', gift);
    expect(status).toBe(200);
    expect(body.stats).toMatchObject({ imported: 4, with_choices: 2 });
    expect(body.report).toMatchObject({
      format: { source: 'gift', extension: 'gift' },
      types_skipped: [
        { name: 'essay', count: 1 },
        { name: 'matching', count: 1 },
      ],
    });
    const pool = await poolOf(user);
    expect(pool.map((q) => [q.title_en, q.content_en, q.answer_en])).toEqual([
      ['Capital', 'What is the capital of Korea?\n1) Seoul\n2) Busan\n3) Daegu', '1'],
      // No `::title::`: the title is the question's first words (D281).
      ['Water boils at 100 °C at…', 'Water boils at 100 °C at sea level.\n1) True\n2) False', '1'],
      ['Name the river through Seoul.', 'Name the river through Seoul.', 'Han|Hangang'],
      ['How many legs has a spider?', 'How many legs has a spider?', '8'],
    ]);
    expect(pool[0]!.explanation_en).toBe('Daegu: Daegu is inland.');
    // Graded as any choice or typed question.
    expect(isAnswerCorrect('1', String(pool[0]!.answer_en), String(pool[0]!.content_en))).toBe(true);
    expect(isAnswerCorrect('hangang', String(pool[2]!.answer_en), String(pool[2]!.content_en))).toBe(true);
    // The uploaded file comes back as it was sent, as text.
    const original = await user.client.request('GET', '/api/question-files/quiz.gift/download/');
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await original.text()).toBe(gift);
  });

  it('Aiken in a .txt, found by its shape', async () => {
    const user = await en();
    const { status, body } = await upload(
      user,
      'aiken.txt',
      'Which planet is largest?\nA. Mars\nB. Jupiter\nC. Venus\nANSWER: B\n\nWhich is a gas?\nA) Iron\nB) Oxygen\nANSWER: B\n',
    );
    expect(status).toBe(200);
    expect(body.report.format).toMatchObject({ source: 'aiken', extension: 'txt' });
    expect((await poolOf(user)).map((q) => [q.content_en, q.answer_en])).toEqual([
      ['Which planet is largest?\n1) Mars\n2) Jupiter\n3) Venus', '2'],
      ['Which is a gas?\n1) Iron\n2) Oxygen', '2'],
    ]);
  });

  it('Moodle XML: the four types read, the others listed by type, a file that is no quiz refused', async () => {
    const user = await en();
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>Colour</text></name>
    <questiontext format="html"><text><![CDATA[<p>The colour of the <em>sky</em>?</p>]]></text></questiontext>
    <answer fraction="0"><text>Green</text></answer>
    <answer fraction="100"><text>Blue</text></answer>
  </question>
  <question type="truefalse">
    <name><text>Ice</text></name>
    <questiontext format="html"><text>Ice is colder than steam.</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
  <question type="shortanswer">
    <name><text>Hello</text></name>
    <questiontext format="html"><text>Hello in Korean?</text></questiontext>
    <answer fraction="100"><text>안녕하세요</text></answer>
  </question>
  <question type="numerical">
    <name><text>Days</text></name>
    <questiontext format="html"><text>Days in a leap year?</text></questiontext>
    <answer fraction="100"><text>366</text><tolerance>0</tolerance></answer>
  </question>
  <question type="ddwtos">
    <name><text>Drag</text></name>
    <questiontext format="html"><text>Drag [[1]].</text></questiontext>
  </question>
</quiz>
`;
    const { status, body } = await upload(user, 'moodle.xml', xml);
    expect(status).toBe(200);
    expect(body.report).toMatchObject({
      format: { source: 'moodle_xml', extension: 'xml' },
      types_skipped: [{ name: 'ddwtos', count: 1 }],
      skipped_rows: [{ line: 25, reason: 'unsupported_type', type: 'ddwtos' }],
    });
    expect((await poolOf(user)).map((q) => [q.title_en, q.content_en, q.answer_en])).toEqual([
      ['Colour', 'The colour of the sky?\n1) Green\n2) Blue', '2'],
      ['Ice', 'Ice is colder than steam.\n1) True\n2) False', '1'],
      ['Hello', 'Hello in Korean?', '안녕하세요'],
      ['Days', 'Days in a leap year?', '366'],
    ]);
    const refused = await upload(user, 'other.xml', '<html><body>not a quiz</body></html>');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('sheet_unreadable');
  });
});
