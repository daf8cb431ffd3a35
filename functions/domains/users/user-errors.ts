import { CONDITION_FAILED, cancellationReasons } from '../../runtime/data/dynamo-errors.js';

/** Raised when a username or email is already taken (or was taken by a concurrent writer). */
export class UniqueConflict extends Error {
  constructor(readonly field: 'username' | 'email' | 'user') {
    super(`${field} already taken`);
    this.name = 'UniqueConflict';
  }
}

/** The USER item is gone or changed under us (deleted meanwhile, email changed meanwhile). */
export class StaleUser extends Error {
  constructor() {
    super('user changed or was deleted meanwhile');
    this.name = 'StaleUser';
  }
}

/** The failed condition of a user transaction as its error (`fields[i]` names what item i guards; null: the user). */
export function toUniqueConflict(error: unknown, fields: ('username' | 'email' | 'user' | null)[]): unknown {
  const reasons = cancellationReasons(error);
  for (let i = 0; i < reasons.length; i++) {
    if (reasons[i] === CONDITION_FAILED) {
      const field = fields[i];
      return field ? new UniqueConflict(field) : new StaleUser();
    }
  }
  return error;
}
