/**
 * Which answers the question list shows: "show answers" for the whole list, and
 * a reveal per question that flips it for that one. `ids` holds the questions that differ from `all`.
 */
export interface RevealState {
  all: boolean;
  ids: ReadonlySet<string>;
}

export const NO_REVEAL: RevealState = { all: false, ids: new Set() };

export const isRevealed = (state: RevealState, id: string): boolean => state.all !== state.ids.has(id);

/** The whole list on or off: every single choice is forgotten. */
export const revealAll = (state: RevealState): RevealState => ({ all: !state.all, ids: new Set() });

/** One question flipped, whatever the list's setting. */
export function revealOne(state: RevealState, id: string): RevealState {
  const ids = new Set(state.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { all: state.all, ids };
}

/** How many of these questions show their answer. */
export const revealedCount = (state: RevealState, ids: readonly string[]): number =>
  ids.filter((id) => isRevealed(state, id)).length;
