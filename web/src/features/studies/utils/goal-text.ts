/**
 * docs/product.md#study-detail: the goal keeps its line breaks and its URLs become links. The text is split into
 * lines and each line into plain and URL pieces, which the screen renders as React nodes, so no
 * markup from the goal ever reaches the page. Only http(s) addresses link (no `javascript:`).
 * (linkify-it would also find bare domains; it is not a dependency of the app, and full URLs are
 * what study goals carry.)
 */
export type GoalPiece = { kind: 'text'; text: string } | { kind: 'url'; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence rather than the address ("see https://x.io/a."). */
const TRAILING = /[.,;:!?)\]}]+$/;

export function goalLines(goal: string): GoalPiece[][] {
  return goal.split(/\r?\n/).map((line) => {
    const pieces: GoalPiece[] = [];
    let last = 0;
    for (const match of line.matchAll(URL_PATTERN)) {
      const href = match[0].replace(TRAILING, '');
      const start = match.index;
      if (start > last) pieces.push({ kind: 'text', text: line.slice(last, start) });
      pieces.push({ kind: 'url', href });
      last = start + href.length;
    }
    if (last < line.length) pieces.push({ kind: 'text', text: line.slice(last) });
    return pieces;
  });
}
