import type { StoredItem } from './item.js';

/** `SEED#<name>`/`SEED`: the local demo seed ran (local/seed.ts). */
export const seedMarkerEntity = {
  key: (name: string) => ({ pk: `SEED#${name}`, sk: 'SEED' }),
  item: (name: string, seededAt: string): StoredItem => ({
    ...seedMarkerEntity.key(name),
    type: 'SEED',
    seeded_at: seededAt,
  }),
};
