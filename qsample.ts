import { NOTES_PASSAGES } from './tests/data/notes-passages.js';
import { generateByRules } from './web/src/features/notes/generator/generate.js';
import { qualityFigures, splitsKoreanWord, answersInSource } from './web/src/features/notes/generator/quality.js';
const per = NOTES_PASSAGES.map((p) => generateByRules(p.text, p.language).candidates);
console.log(NOTES_PASSAGES.length, qualityFigures(per));
per.forEach((list, i) => list.forEach((c) => console.log(NOTES_PASSAGES[i]!.id, c.kind, '|', c.content.replace(/\n/g, ' / '), '|', c.answers.join(','), splitsKoreanWord(c) ? 'SPLIT' : '', answersInSource(c) ? '' : 'NOTVERBATIM')));
