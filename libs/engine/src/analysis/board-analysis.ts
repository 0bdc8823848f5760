import { BLACK, WHITE } from '../board/color';
import { formatGtpVertex } from '../board/coords';
import { chainsReport, type ChainsReport } from './chains-report';
import type { AnalysisDefinition, PointGrid } from './types';

/** Result of the `board` analysis. */
export interface BoardAnalysisResult extends ChainsReport {
  captures: { black: number; white: number };
  /** The simple-ko point forbidden to the player to move, or null. */
  ko: string | null;
  toPlay: 'B' | 'W';
}

/** The `board` analysis: stones, chains with their liberties, captures and ko. */
export const boardAnalysis: AnalysisDefinition<BoardAnalysisResult> = {
  name: 'board',
  description: 'stones (+1 Black, -1 White), chains with liberties, captures, ko point; no options',
  run(position) {
    const { board, toPlay } = position;
    const { stones, liberties, chains } = chainsReport(board);
    const ko = board.koPointFor(toPlay);
    return {
      stones,
      liberties,
      chains,
      captures: { black: board.captures[BLACK], white: board.captures[WHITE] },
      ko: ko === 0 ? null : formatGtpVertex(ko, board.geo),
      toPlay: toPlay === BLACK ? 'B' : 'W',
    };
  },
  grid(result): PointGrid {
    return result.liberties.map((l, i) => (result.stones[i] === 0 ? null : l));
  },
};
