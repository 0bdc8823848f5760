/**
 * SVG rendering speed on 19x19: median microseconds per picture and output size for a bare board
 * and for the overlays the viewer uses (Bouzy territory shading, Freihofner numbers, ownership heat
 * map, dead stones, move values), plus a parse of the output to check it is one XML document.
 * Then what `GET /v1/jobs/:id/board.svg` does per request for a stored 19x19 game job: replay the
 * job's moves, take the overlays from the stored result (or compute Bouzy at another move), draw.
 *
 * Run: `npx tsx bench/render.ts` (or `npm run bench:render`).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DOMParser, onWarningStopParsing } from '@xmldom/xmldom';
import {
  analyzePosition,
  ANALYSES,
  formatGtpVertex,
  positionFromGame,
  readSgf,
  replaySgf,
  bouzyMap,
  bouzyOverlay,
  freihofnerMap,
  freihofnerOverlay,
  Board,
  renderBoardSvg,
  type BoardPicture,
  type PictureOverlay,
} from '@moyo/engine';
import { MIDDLE_GAME_ROWS } from './support/middle-game';
import { jobPicture, type JobForPicture, type PictureRequest } from '../apps/api/src/boards/job-picture';

const ROWS = [...MIDDLE_GAME_ROWS];

const position = Board.fromRows(ROWS);
const { geo } = position;
const territory = bouzyOverlay(geo, bouzyMap(position, { preset: 'territory' }), 'territory');
const numbers = freihofnerOverlay(geo, freihofnerMap(position));
const ownership: PictureOverlay = {
  kind: 'ownership',
  values: Array.from(territory.values, (v) => Math.max(-1, Math.min(1, v / 64))),
};
const dead: PictureOverlay = {
  kind: 'dead',
  points: [
    { x: 1, y: 16 },
    { x: 12, y: 16 },
  ],
};
const moves: PictureOverlay = {
  kind: 'moveValues',
  moves: Array.from({ length: 40 }, (_, i) => ({ x: (i * 7) % 19, y: (i * 11) % 19, value: (i * 37) % 23 })),
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function bench(name: string, picture: BoardPicture): void {
  for (let i = 0; i < 200; i++) renderBoardSvg(picture); // warm-up
  const times: number[] = [];
  let svg = '';
  for (let i = 0; i < 1000; i++) {
    const t0 = process.hrtime.bigint();
    svg = renderBoardSvg(picture);
    times.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  new DOMParser({ onError: onWarningStopParsing }).parseFromString(svg, 'image/svg+xml');
  const us = median(times);
  console.log(
    `${name.padEnd(34)} median ${us.toFixed(1).padStart(7)} us  ${(1e6 / us).toFixed(0).padStart(6)}/s  ${(svg.length / 1024).toFixed(1)} KiB`,
  );
}

const base = { size: 19, stones: ROWS, lastMove: { x: 11, y: 16 } };
console.log(`render 19x19, ${ROWS.join('').replace(/\./g, '').length} stones (node ${process.version})`);
bench('bare board', base);
bench('territory (Bouzy 5/21)', { ...base, overlays: [territory] });
bench('Freihofner numbers', { ...base, overlays: [numbers] });
bench('ownership heat map', { ...base, overlays: [ownership] });
bench('territory + dead + move values (5)', { ...base, overlays: [territory, dead, moves] });
bench('all overlays', { ...base, overlays: [ownership, territory, numbers, dead, moves] });

// The api's path: a completed 19x19 job (a GNU Go self-play game) with its stored report.
const game = replaySgf(
  readSgf(readFileSync(resolve(__dirname, '../apps/ingest/test/fixtures/gnugo-selfplay-19x19.sgf'), 'utf8')),
);
const gameMoves = game.moves.map((m) => [m.player === 1 ? 'B' : 'W', formatGtpVertex(m.point, game.geo)]);
const names = ['territory', 'deadStones', 'score', 'bouzy'].filter((n) => ANALYSES.has(n));
const job: JobForPicture = {
  id: 'position-bench',
  status: 'completed',
  input: { boardXSize: 19, boardYSize: 19, initialStones: [], moves: gameMoves },
  result: JSON.parse(JSON.stringify(analyzePosition(positionFromGame(game), names))),
};

function benchJob(name: string, request: PictureRequest): void {
  bench(name, jobPicture(job, request).picture);
  for (let i = 0; i < 50; i++) renderBoardSvg(jobPicture(job, request).picture);
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = process.hrtime.bigint();
    renderBoardSvg(jobPicture(job, request).picture);
    times.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  console.log(
    `${'  total with replay and overlays'.padEnd(34)} median ${median(times).toFixed(1).padStart(7)} us`,
  );
}

console.log(
  `\nGET /v1/jobs/:id/board.svg, a stored 19x19 job of ${gameMoves.length} moves (${names.join(', ')})`,
);
benchJob('last move, stored territory + dead', { overlays: ['territory', 'dead'] });
benchJob('move 100, Bouzy computed', { overlays: ['territory'], move: 100 });
