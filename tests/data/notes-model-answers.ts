/**
 * Notes and a model's answer to them, written for this project as a recorded Converse answer:
 * the shape a model gives (a JSON object, sometimes in a code fence) with what models get wrong
 * mixed in: a source it paraphrased, a source it made up, a candidate without a source.
 */
export const MODEL_NOTES_EN =
  'Photosynthesis is the process by which green plants turn light energy into chemical energy.\n' +
  'It takes place in the chloroplasts of leaf cells. Oxygen is released as a by-product.\n\n' +
  'The Treaty of Westphalia was signed in 1648 and ended the Thirty Years War.';

export const MODEL_ANSWER_EN =
  '```json\n' +
  JSON.stringify({
    candidates: [
      {
        content: '{{c1::Photosynthesis}} is the process by which green plants turn light energy into chemical energy.',
        answer: 'Photosynthesis',
        source: 'Photosynthesis is the process by which green plants turn light energy into chemical energy.',
      },
      // Grounded although the model wrapped the line: whitespace is not wording.
      {
        content: 'Where in leaf cells does photosynthesis take place?',
        answer: 'in the chloroplasts',
        source: 'It takes place in the chloroplasts\n  of leaf cells.',
      },
      // A cloze without an answer: its gaps are the answer.
      {
        content: 'The Treaty of Westphalia was signed in {{c1::1648}} and ended the {{c2::Thirty Years War}}.',
        source: 'The Treaty of Westphalia was signed in 1648 and ended the Thirty Years War.',
      },
      // Paraphrased source: dropped.
      {
        content: 'What gas do plants give off during photosynthesis?',
        answer: 'Oxygen',
        source: 'Plants give off oxygen as a by-product of photosynthesis.',
      },
      // Knowledge not in the notes: dropped.
      {
        content: 'Which pigment makes leaves green?',
        answer: 'chlorophyll',
        source: 'Chlorophyll is the pigment that makes leaves green.',
      },
      // No source at all: dropped.
      { content: 'What is released as a by-product?', answer: 'Oxygen' },
    ],
  }) +
  '\n```';

/** What the screen keeps of MODEL_ANSWER_EN, and what it drops. */
export const MODEL_ANSWER_EN_KEPT = 3;
export const MODEL_ANSWER_EN_DROPPED = 3;
