import * as sabaki from '@sabaki/sgf';
import { BLACK, EMPTY, WHITE } from '../board/color';
import { formatSgfPoint } from '../board/coords';
import type { Game } from '../board/history';

/** Options for writing SGF. */
export interface WriteSgfOptions {
  /** Root info properties to add (PB, PW, RE, ...). */
  info?: Record<string, string>;
  /** Application name for AP. */
  application?: string;
  /**
   * Properties to add to the node of the position after `moveNumber` moves (0: the root), e.g.
   * an analysis as C, TB/TW and MA (see writeAnalysedSgf).
   */
  nodeProperties?: (moveNumber: number) => Record<string, string[]> | undefined;
}

const RU: Record<string, string> = {
  japanese: 'Japanese',
  korean: 'Korean',
  chinese: 'Chinese',
  aga: 'AGA',
  'new-zealand': 'NZ',
  'tromp-taylor': 'Tromp-Taylor',
};

/**
 * Writes a Game as SGF (FF[4]): root with SZ, KM, RU, HA and the setup made before the first move,
 * then one node per move (passes as empty values) and setup nodes where setup happened later.
 * Does not mutate the game.
 */
export function writeSgf(game: Game, options: WriteSgfOptions = {}): string {
  const geo = game.geo;
  const root: Record<string, string[]> = {
    GM: ['1'],
    FF: ['4'],
    CA: ['UTF-8'],
    AP: [options.application ?? 'moyo'],
    SZ: [geo.square ? String(geo.width) : `${geo.width}:${geo.height}`],
    KM: [String(game.komi)],
    RU: [RU[game.rules.name]],
  };
  if (game.handicap > 0) root.HA = [String(game.handicap)];
  for (const [k, v] of Object.entries(options.info ?? {})) root[k] = [v];
  Object.assign(root, options.nodeProperties?.(0));
  const nodes: Record<string, string[]>[] = [root];
  let sawMove = false;
  let moveNumber = 0;
  for (const a of game.history) {
    if (a.kind === 'move') {
      moveNumber++;
      const node = { [a.player === BLACK ? 'B' : 'W']: [formatSgfPoint(a.point, geo)] };
      nodes.push(Object.assign(node, options.nodeProperties?.(moveNumber)));
      sawMove = true;
      continue;
    }
    const node = sawMove ? {} : root;
    for (const s of a.stones) {
      const prop = s.color === BLACK ? 'AB' : s.color === WHITE ? 'AW' : s.color === EMPTY ? 'AE' : '';
      (node as Record<string, string[]>)[prop] ??= [];
      (node as Record<string, string[]>)[prop].push(formatSgfPoint(s.point, geo));
    }
    node.PL = [a.toPlayAfter === BLACK ? 'B' : 'W'];
    if (sawMove) nodes.push(node);
  }
  // @sabaki/sgf escapes the values; one node per line keeps diffs readable.
  const body = nodes.map((data) => sabaki.stringify({ data, children: [] }, { linebreak: '' })).join('\n');
  return `(${body})\n`;
}
