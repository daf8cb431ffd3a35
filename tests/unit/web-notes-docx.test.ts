// @vitest-environment jsdom
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { generateByRules } from '../../web/src/features/notes/generator/generate.js';
import { parseNotes } from '../../web/src/features/notes/generator/markdown-blocks.js';
import { docxHtmlToMarkdown } from '../../web/src/features/notes/utils/docx-markdown.js';
import { readNotesFile } from '../../web/src/features/notes/utils/read-notes-file.js';

const WORD = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const run = (text: string, props = '') =>
  `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const paragraph = (body: string, props = '') => `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${body}</w:p>`;
const heading = (text: string) => paragraph(run(text), '<w:pStyle w:val="Heading1"/>');
const item = (text: string, level = 0) =>
  paragraph(run(text), `<w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="1"/></w:numPr>`);
const cell = (text: string) => `<w:tc>${paragraph(run(text))}</w:tc>`;
const row = (...cells: string[]) => `<w:tr>${cells.map(cell).join('')}</w:tr>`;

/** A .docx written here: a heading (by its style), a bulleted list with a nested item, a two-column table, bold text. */
const NOTES_BODY = [
  heading('Noble gases'),
  item('Helium'),
  item('Neon'),
  item('Light and inert', 1),
  item('Argon'),
  paragraph(run('Photo') + run('synthesis', '<w:b/>') + run(' makes sugar | starch.')),
  `<w:tbl>${row('Term', 'Meaning')}${row('CPU', 'the central processing unit of a computer')}</w:tbl>`,
].join('');

/** A .docx around `body`, with the styles and numbering parts that make a heading and a bulleted list. */
function docx(body: string): Uint8Array<ArrayBuffer> {
  const xml = (text: string) => new TextEncoder().encode(`<?xml version="1.0"?>${text}`);
  const level = (ilvl: number) => `<w:lvl w:ilvl="${ilvl}"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl>`;
  return new Uint8Array(
    zipSync({
      '[Content_Types].xml': xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': xml(`<w:document xmlns:w="${WORD}"><w:body>${body}</w:body></w:document>`),
      'word/styles.xml': xml(
        `<w:styles xmlns:w="${WORD}"><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>`,
      ),
      'word/numbering.xml': xml(
        `<w:numbering xmlns:w="${WORD}"><w:abstractNum w:abstractNumId="0">${level(0)}${level(1)}</w:abstractNum>` +
          '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>',
      ),
    }),
  );
}

describe('a .docx read as Markdown (docs/product.md#questions-from-notes)', () => {
  test('its heading, nested list and table become Markdown the rules turn into list and table cards', async () => {
    const read = await readNotesFile(new File([docx(NOTES_BODY)], 'gases.docx'));
    const text = read.ok ? read.text : '';
    expect(text).toBe(
      [
        '# Noble gases',
        '',
        '- Helium\n- Neon\n  - Light and inert\n- Argon',
        '',
        'Photosynthesis makes sugar | starch.',
        '',
        '| Term | Meaning |\n| --- | --- |\n| CPU | the central processing unit of a computer |',
      ].join('\n'),
    );
    const { candidates } = generateByRules(text, 'en');
    const list = candidates.find((c) => c.kind === 'list');
    expect(list?.answers).toEqual(['Helium', 'Neon', 'Light and inert', 'Argon']);
    expect(list?.content).toContain('**Noble gases**');
    const row = candidates.find((c) => c.kind === 'table');
    expect(row).toMatchObject({ answers: ['CPU'], source: 'CPU | the central processing unit of a computer' });
    expect(row?.content).toBe('Which term has this meaning: the central processing unit of a computer?');
  });

  test('its paragraphs become text blocks; a file that is no .docx is unreadable', async () => {
    const body = paragraph(run('서울은 대한민국의 수도이다.')) + paragraph(run('Seoul is a city.'));
    expect(await readNotesFile(new File([docx(body)], 'n.docx'))).toEqual({
      ok: true,
      text: '서울은 대한민국의 수도이다.\n\nSeoul is a city.',
    });
    expect(await readNotesFile(new File([new Uint8Array([80, 75, 3, 4, 1, 2])], 'broken.docx'))).toEqual({
      ok: false,
      problem: 'unreadable',
    });
  });

  test('HTML to Markdown: numbered lists, marks and links as text, images dropped, a bar in a cell kept from splitting it', () => {
    const markdown = docxHtmlToMarkdown(
      '<h2>Cell <em>parts</em></h2><ol><li>Nucleus</li><li><a href="https://x">Ribosome</a><img src="a.png"></li></ol>' +
        '<p>A<br>B</p><table><thead><tr><th>Term</th><th>Meaning</th></tr></thead>' +
        '<tbody><tr><td><p>a|b</p></td><td><p>one</p><p>two</p></td></tr></tbody></table><p><img src="x.png"></p>',
    );
    expect(markdown).toBe(
      '## Cell parts\n\n1. Nucleus\n2. Ribosome\n\nA B\n\n| Term | Meaning |\n| --- | --- |\n| a/b | one two |',
    );
  });

  test('property: any table of words comes back from the rules as the same header and rows', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9가-힣|]{1,8}$/);
    const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
    const tables = fc
      .integer({ min: 1, max: 4 })
      .chain((width) =>
        fc.array(fc.array(text, { minLength: width, maxLength: width }), { minLength: 2, maxLength: 5 }),
      );
    fc.assert(
      fc.property(tables, (table) => {
        const tr = (cells: string[]) => `<tr>${cells.map((c) => `<td><p>${c}</p></td>`).join('')}</tr>`;
        const { blocks } = parseNotes(docxHtmlToMarkdown(`<table>${table.map(tr).join('')}</table>`));
        const cells = table.map((r) => r.map((c) => c.replace(/\|/g, '/')));
        expect(blocks).toEqual([{ type: 'table', header: cells[0], rows: cells.slice(1) }]);
      }),
    );
  });
});
