import * as z from 'zod';
import { itemParser, orDefault } from './item.js';

/** Ephemeral table: `THROTTLE#<scope>#<subject>`/`THROTTLE` {count, expiresAt = end of the window}. */
const throttleSchema = z.object({ count: orDefault(z.number(), 0), expiresAt: orDefault(z.number(), 0) });

export const throttleEntity = {
  key: (scope: string, subject: string) => ({ pk: `THROTTLE#${scope}#${subject}`, sk: 'THROTTLE' }),
  parse: itemParser(throttleSchema),
};
