/**
 * What GTP's owl sees of the dragon a GNU Go regression test asks about: its stones, status, eye
 * spaces (points, eye range, where the range came from, the reader's vital points, leaky or not),
 * outer liberties, room and lunches, optionally after some moves. For looking into a failing test.
 *
 * Run: `npx tsx scripts/owl-view.ts SUITE ID [VERTEX] [MOVE...]`, e.g.
 *   `npx tsx scripts/owl-view.ts ld_owl 166 C17 B:B18 W:E19`
 * SUITE is a name in regression/ (ld_owl, owl.tst); the setup commands before test ID are replayed;
 * VERTEX defaults to the test's own vertex; MOVEs are played in order (COLOR:VERTEX). After moves the
 * position is analysed afresh (the owl's spheres of influence are those of the new position, not of
 * the test's root as inside a search). Exit 2 on bad arguments.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatGtpVertex, parseGtpVertex } from '../libs/engine/src/board/coords';
import { analyzeLife } from '../libs/engine/src/dragons';
import { GtpEngine } from '../libs/engine/src/gtp/engine';
import { findTest, moveArg, REGRESSION } from './gnugo-regress/one-test';
import { setupBefore } from './gnugo-regress/tst';

function fail(message: string): never {
  process.stderr.write(`owl-view: ${message}\n`);
  process.exit(2);
}

function main(): void {
  const [suiteArg, idArg, ...rest] = process.argv.slice(2);
  if (!suiteArg || !idArg) fail('usage: npx tsx scripts/owl-view.ts SUITE ID [VERTEX] [COLOR:VERTEX...]');
  const { name, suite, test } = findTest(suiteArg, idArg, fail);
  const vertex = rest[0] && !rest[0].includes(':') ? rest.shift()! : test.command.trim().split(/\s+/)[2];
  if (!vertex) fail(`VERTEX: test ${test.id} (${test.command}) names none; give one`);

  const engine = new GtpEngine((p) => readFileSync(join(REGRESSION, p), 'utf8'));
  const send = (line: string): void => {
    const reply = engine.handleLine(line) ?? '';
    if (!reply.startsWith('=')) fail(`${line}: ${reply.trim()}`);
  };
  for (const line of setupBefore(suite, test)) send(line);
  for (const move of rest) {
    const { color, vertex: at } = moveArg(move, fail);
    send(`play ${color} ${at}`);
  }

  const board = engine.session.game.board;
  const geo = board.geo;
  let p: number;
  try {
    p = parseGtpVertex(vertex, geo);
  } catch (e) {
    fail(`VERTEX ${vertex}: ${(e as Error).message}`);
  }
  if (board.colors[p] !== 1 && board.colors[p] !== 2) fail(`VERTEX ${vertex}: no stone there`);
  const life = analyzeLife(board, { toMove: engine.session.game.toPlay });
  const d = life.dragonAt(p);
  const at = (ps: readonly number[]): string => ps.map((q) => formatGtpVertex(q, geo)).join(' ') || '-';
  const status = life.status(d);
  const out = [
    `${name} ${test.id} (${test.command.trim()})${rest.length ? ` after ${rest.join(' ')}` : ''}`,
    `dragon ${at(life.dragons[d].stones)}`,
    `status ${status.status}${status.status === 'critical' ? ` attack ${at([status.attack])} defense ${at([status.defense])}` : ''}`,
  ];
  const view = life.owlView(d);
  if (!view) out.push('owl view: none');
  else {
    out.push(
      `owl view: strings ${at(view.strings)}; eyes ${view.minEyes}-${view.maxEyes}; room ${view.room}` +
        `${view.connects ? ' (reaches a living friend)' : ''}; weakest string ${view.weakestLiberties} liberties`,
    );
    for (const e of view.eyeSpaces) {
      const r = e.eyes;
      out.push(
        `  space ${at(e.points)}: ${r.min}-${r.max} by ${r.source}${e.leaky ? ', leaky' : ''}` +
          `${r.attack.length ? `; attack ${at(r.attack)}` : ''}${r.defense.length ? `; defense ${at(r.defense)}` : ''}`,
      );
    }
    out.push(`  outer liberties ${at(view.outerLiberties)}; lunches ${at(view.lunches)}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

main();
