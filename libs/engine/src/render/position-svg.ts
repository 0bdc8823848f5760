import { ANALYSES, analyzePosition } from '../analysis/registry';
import type { Position } from '../analysis/types';
import { PASS } from '../board/coords';
import { pictureStones, pictureVertex, computePictureOverlay, POSITION_OVERLAYS } from './adapters';
import type { PictureOverlay } from './model';
import { isResultOverlay, overlayFromResult, RESULT_OVERLAYS, type ResultOverlayName } from './results';
import { renderBoardSvg } from './board-svg';
import { RenderInputError } from './picture-input';

/** Registry analyses that can hold each overlay, most specific first. */
const SOURCES: Record<ResultOverlayName, readonly string[]> = {
  ownership: ['territory', 'ownership', 'score'],
  territory: ['territory'],
  moyo: [],
  area: [],
  freihofner: ['freihofner'],
  dead: ['deadStones', 'territory'],
  moveValues: ['moveValues', 'territory'],
};

/**
 * The overlay `name` for a position: run through the analysis registry (so the picture shows what
 * `moyo analyze` reports), or computed directly for the Bouzy readings. Throws RenderInputError
 * naming `overlay` when the name is unknown or no registered analysis provides it. Does not mutate.
 */
export function positionOverlay(position: Position, name: string): PictureOverlay {
  if (!isResultOverlay(name)) {
    throw new RenderInputError(
      'overlay',
      `unknown overlay '${name}'; expected one of ${RESULT_OVERLAYS.join(', ')}`,
    );
  }
  const size = position.board.geo.width;
  for (const analysis of SOURCES[name]) {
    if (!ANALYSES.has(analysis)) continue;
    const report = JSON.parse(JSON.stringify(analyzePosition(position, [analysis]))) as unknown;
    const overlay = overlayFromResult(report, name, size);
    if (overlay) return overlay;
  }
  if ((POSITION_OVERLAYS as readonly string[]).includes(name))
    return computePictureOverlay(position.board, name);
  throw new RenderInputError(
    'overlay',
    `'${name}' needs an analysis that is not available in this engine build`,
  );
}

/**
 * The SVG picture of a position with the named overlays, the last move ringed when the position
 * comes from a game. Pure (computes the analyses it draws); throws RenderInputError naming `overlay`.
 */
export function renderPositionSvg(position: Position, overlays: readonly string[] = []): string {
  const board = position.board;
  if (!board.geo.square) {
    throw new RenderInputError(
      'board',
      `pictures are drawn of square boards only, this one is ${board.geo.label}`,
    );
  }
  const moves = position.game?.moves ?? [];
  const last = moves.length ? moves[moves.length - 1].point : PASS;
  return renderBoardSvg({
    size: board.size,
    stones: pictureStones(board),
    lastMove: last === PASS ? null : pictureVertex(board.geo, last),
    overlays: overlays.map((n) => positionOverlay(position, n)),
    title: `Move ${position.moveNumber}${overlays.length ? ` (${overlays.join(', ')})` : ''}`,
  });
}
