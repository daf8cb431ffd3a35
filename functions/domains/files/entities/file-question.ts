import { withoutKeys, type StoredItem } from '../../../runtime/data/item.js';
import { pad } from '../../../runtime/data/key-parts.js';
import { storedQuestionSchema, type StoredQuestion } from './stored-question.js';

/** Sort keys of question items in a file or exam partition: Q#000001 … */
export const QUESTION_SK_PREFIX = 'Q#';

/** `FILE#<fileId>`/`Q#<order 6 digits>`: a pool question; its id `<fileId>-<order>` locates it. */
export const fileQuestionEntity = {
  key: (fileId: string, order: number) => ({ pk: `FILE#${fileId}`, sk: `${QUESTION_SK_PREFIX}${pad(order)}` }),
  skPrefix: QUESTION_SK_PREFIX,
  /** Imported questions are identified by their place in their file: `<fileId>-<order>`. */
  questionId: (fileId: string, order: number) => `${fileId}-${order}`,
  item: (fileId: string, order: number, question: StoredItem): StoredItem => ({
    ...fileQuestionEntity.key(fileId, order),
    ...question,
  }),
  parse: (item: StoredItem): StoredQuestion => storedQuestionSchema().parse(withoutKeys(item)),
};
