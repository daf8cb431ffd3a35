import * as z from 'zod/mini';
import { lazy, itemParser, orDefault } from '../../../runtime/data/item.js';

/** Ephemeral table: `THROTTLE#<scope>#<subject>`/`THROTTLE` {count, expiresAt = end of the window}. */
const throttleSchema = /* @__PURE__ */ lazy(() =>
  z.object({ count: orDefault(z.number(), 0), expiresAt: orDefault(z.number(), 0) }),
);

export const throttleEntity = {
  key: (scope: string, subject: string) => ({ pk: `THROTTLE#${scope}#${subject}`, sk: 'THROTTLE' }),
  parse: /* @__PURE__ */ itemParser(throttleSchema),
};
