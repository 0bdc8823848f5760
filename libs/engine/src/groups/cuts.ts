import { Board } from '../board/board';
import { BLACK, EMPTY, WHITE, type Player } from '../board/color';
import { MIN_BOARD_SIZE } from '../board/geometry';
import type { ColorPosition } from '../influence/position';
import type { StringMap } from './strings';
import { CaptureReader, DEFAULT_TACTICS_PARAMS, type TacticsParams } from './tactics';

/** Node budget of each cutting stone's capture reading (ladders and nets of a few stones). */
const CUT_BUDGET = 400;

/**
 * Cutting points that do not cut: empty points next to two or more strings of one colour where the
 * opponent's stone could not stay (GNU Go's connection patterns ask the same of a cutting point:
 * that the cutter be unsafe there). The opponent's move there is suicide, or it captures nothing and
 * tactical reading captures the cutting string with the owner moving first (a ladder or net within
 * a small budget). A hanging connection, a tiger's mouth, a diagonal with one crossing point taken
 * by the opponent whose other crossing point is such a false cut, a bamboo joint's side. Returns the
 * string indices each false cut joins (two or more per entry). Pure (reads on its own board).
 */
export function falseCuts(
  pos: ColorPosition,
  strings: StringMap,
  params: TacticsParams = { ...DEFAULT_TACTICS_PARAMS, budget: CUT_BUDGET },
): number[][] {
  const { geo, colors } = pos;
  const out: number[][] = [];
  if (geo.width < MIN_BOARD_SIZE || geo.height < MIN_BOARD_SIZE) return out;
  const adj = geo.adjacent;
  const { stringOf } = strings;
  let board: Board | null = null;
  let reader: CaptureReader | null = null;
  for (const p of geo.points) {
    if (colors[p] !== EMPTY) continue;
    for (const owner of [BLACK, WHITE] as const) {
      const joined: number[] = [];
      for (let k = 0; k < 4; k++) {
        const s = stringOf[p + adj[k]];
        if (s >= 0 && strings.strings[s].color === owner && !joined.includes(s)) joined.push(s);
      }
      if (joined.length < 2) continue;
      board ??= Board.fromColors(geo, colors);
      reader ??= new CaptureReader(board, params);
      if (cutFails(board, reader, strings, p, owner, joined)) out.push(joined);
    }
  }
  return out;
}

/** Whether the opponent's stone at p, cutting `owner`'s strings `joined`, is lost (see falseCuts). */
function cutFails(
  board: Board,
  reader: CaptureReader,
  strings: StringMap,
  p: number,
  owner: Player,
  joined: readonly number[],
): boolean {
  const cutter = (3 - owner) as Player;
  // A cut that captures (an owner string in atari) cuts.
  if (joined.some((s) => strings.strings[s].liberties.length === 1)) return false;
  if (!board.playRecorded(p, cutter)) return true;
  try {
    // An atari the cutter gives may be a capture next: the owner must be able to take the cutter
    // first, which the reading (owner to move) decides.
    reader.nodes = 0;
    return reader.attack(p, owner, 0);
  } finally {
    board.undo();
  }
}
