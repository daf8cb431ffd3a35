/**
 * Text decks written here in the shapes that were read wrong: a headerless TSV whose definitions
 * hold straight quotes mid-cell, a CSV of answers quoted after a space with one unbalanced quote,
 * and header rows the importer's alias list does not know.
 */

/** 132 headerless term/definition cards; five definitions hold `"rounds"` mid-cell; no semicolon anywhere. */
export function quotedTsvDeck(): { text: string; cards: [string, string][] } {
  const cards: [string, string][] = [];
  for (let i = 1; i <= 132; i++) {
    const quoted = i % 26 === 5;
    cards.push([
      `Term ${i}`,
      quoted
        ? `A process that runs in multiple, separate "rounds" throughout its life, number ${i}`
        : `The definition of term ${i}, written in a few plain words`,
    ]);
  }
  return { text: cards.map((c) => c.join('\t')).join('\n') + '\n', cards };
}

/** 344 headerless `question, "a, b, c"` lines; line 155 opens its answer's quote and never closes it. */
export function loneQuoteCsv(): { text: string; broken: number } {
  const broken = 155;
  const lines: string[] = [];
  for (let i = 1; i <= 344; i++) {
    const answer = `a${i}, b${i}, c${i}`;
    lines.push(`Question ${i}: which three?, "${answer}${i === broken ? '' : '"'}`);
  }
  return { text: lines.join('\r\n') + '\r\n', broken };
}

/** A `korean,english` header (names the importer does not know) over word cards. */
export const KOREAN_ENGLISH_CSV = 'korean,english\n사과,apple\n바나나,banana\n포도,grape\n고양이,cat\n강아지,dog\n';

/** A Spanish `;` sheet whose header names no known column. */
export const SPANISH_SEMICOLON_CSV = [
  'pregunta;opciones;area;respuesta_correcta;explicacion',
  '¿Cuál es la capital de Francia?;París|Roma|Madrid;geografía;París;París es la capital desde hace siglos',
  '¿Cuánto es dos más dos?;3|4|5;matemáticas;4;Se suman las dos cantidades',
  '¿Qué planeta es el más grande?;Marte|Júpiter|Venus;ciencias;Júpiter;Júpiter es un gigante gaseoso',
].join('\n');
