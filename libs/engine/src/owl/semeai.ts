import type { Board } from '../board/board';
import type { ReadCode } from '../reading/result';
import { raceGoal } from '../semeai/goal';
import { DEFAULT_SEMEAI_PARAMS, SemeaiReader, type SemeaiParams } from '../semeai/reader';

export { DEFAULT_SEMEAI_PARAMS, type SemeaiParams } from '../semeai/reader';

/**
 * GNU Go's analyze_semeai answer: whether D1 survives and whether D2 is captured, each as a reading
 * code (0 no, 1 yes, 2 yes if D1's owner takes the ko first, 3 yes only after a ko threat), and the
 * move (0: pass or none).
 */
export interface SemeaiResult {
  readonly defense: ReadCode;
  readonly attack: ReadCode;
  readonly move: number;
}

/** The dragons' stones, as `LifeAnalysis` gives them. */
export interface SemeaiDragons {
  readonly dragons: readonly { readonly stones: readonly number[] }[];
}

/**
 * A capturing race between the dragons d1 and d2 of `life` named by their stones p1 and p2, d1's
 * owner to move. Each side races with the strings solidly attached to its named stone (see
 * `raceGoal`), read by {@link SemeaiReader}. Plays and undoes on `board`, which is left as found.
 */
export function readSemeai(
  board: Board,
  life: SemeaiDragons,
  d1: number,
  d2: number,
  p1: number,
  p2: number,
  params: SemeaiParams = DEFAULT_SEMEAI_PARAMS,
): SemeaiResult {
  const a = raceGoal(board, p1, new Set(life.dragons[d1].stones));
  const b = raceGoal(board, p2, new Set(life.dragons[d2].stones));
  return new SemeaiReader(board, params).analyze(a, b);
}
