import { parse } from '@sabaki/sgf';

/**
 * The number of moves on an SGF's main line (first child at every branch, passes counted), as
 * the engine replays it, so the page can ask for every turn with `analyzeTurns`. Throws with the
 * parser's message on text that is not SGF.
 */
export function mainLineMoves(sgf: string): number {
  const roots = parse(sgf);
  let node = roots.find((r) => r.id !== null);
  if (!node || !/\(\s*;/.test(sgf)) throw new Error('sgf: no game tree found (want "(;" ...)');
  let count = 0;
  while (node) {
    if (node.data.B || node.data.W) count++;
    node = node.children[0];
  }
  return count;
}
