/**
 * Where Moyo's owl and GNU Go 3.8's part ways on one regression test: from the test's position,
 * asks both engines the test's owl question about its dragon (`owl_attack V` / `owl_defend V`; a
 * `dragon_status V` test asks both). Where they disagree, the side that claims a success names its
 * move; the move is played on both boards and the other side's question asked there, and so on down
 * the line until the engines agree, the dragon is gone or the line is 14 plies long. The last
 * disagreement is where to look: a claim whose own follow-up the claimer's engine answers the other
 * way (its search missed a reply its root reading finds), or a static view GNU Go's reading overturns.
 * Each question is asked afresh at its position, so the answers are those of root searches.
 *
 * Run: `npx tsx scripts/owl-diff.ts SUITE ID [attack|defend] [COLOR:VERTEX...]`, e.g.
 *   `npx tsx scripts/owl-diff.ts ld_owl 8` or `npx tsx scripts/owl-diff.ts owl 124 defend`.
 * Needs GNU Go (GNUGO_PATH, default /usr/games/gnugo). Exit 2 on bad arguments.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGtpVertex } from '../libs/engine/src/board/coords';
import { GtpEngine } from '../libs/engine/src/gtp/engine';
import { gnugoCommand } from './gnugo-regress/engines';
import { GtpProcess } from './gnugo-regress/gtp-process';
import { findTest, moveArg, REGRESSION } from './gnugo-regress/one-test';
import { parseReply, setupBefore } from './gnugo-regress/tst';

const MAX_PLIES = 14;
const TIMEOUT_MS = 120_000;

type Question = 'attack' | 'defend';

function fail(message: string): never {
  process.stderr.write(`owl-diff: ${message}\n`);
  process.exit(2);
}

/** An owl answer: its code (0 fails, 1 works, 2/3 by ko) and move (empty when none). */
interface OwlAnswer {
  code: number;
  move: string;
  raw: string;
}

function readAnswer(raw: string): OwlAnswer {
  const reply = parseReply(raw);
  if (!reply.ok) return { code: -1, move: '', raw: `? ${reply.text}` };
  const [code, move] = reply.text.trim().split(/\s+/);
  return { code: Number(code), move: move ?? '', raw: reply.text.trim() };
}

class Pair {
  readonly moyo = new GtpEngine((p) => readFileSync(join(REGRESSION, p), 'utf8'));
  readonly gnugo = new GtpProcess(gnugoCommand(REGRESSION));

  async send(line: string): Promise<void> {
    const m = this.moyo.handleLine(line) ?? '';
    if (!m.startsWith('=')) fail(`moyo: ${line}: ${m.trim()}`);
    const g = parseReply(await this.gnugo.send(line, TIMEOUT_MS));
    if (!g.ok) fail(`gnugo: ${line}: ${g.text}`);
  }

  async ask(line: string): Promise<[OwlAnswer, OwlAnswer]> {
    const m = readAnswer(this.moyo.handleLine(line) ?? '');
    const g = readAnswer(await this.gnugo.send(line, TIMEOUT_MS));
    return [m, g];
  }

  /** The colour at `vertex` on Moyo's board: 1 black, 2 white, 0 empty. */
  colorAt(vertex: string): number {
    const board = this.moyo.session.game.board;
    return board.colors[parseGtpVertex(vertex, board.geo)];
  }
}

const works = (a: OwlAnswer): boolean => a.code > 0;
const colorName = (c: number): string => (c === 1 ? 'B' : 'W');

async function walk(pair: Pair, vertex: string, question: Question, played: string[]): Promise<void> {
  const owner = pair.colorAt(vertex);
  let q = question;
  let lastDiffer = false;
  for (let ply = 0; ply <= MAX_PLIES; ply++) {
    if (pair.colorAt(vertex) !== owner) {
      console.log(`  the dragon at ${vertex} is captured`);
      return;
    }
    const [m, g] = await pair.ask(`owl_${q} ${vertex}`);
    const line = played.length ? played.join(' ') : '(root)';
    console.log(`${line}: owl_${q} ${vertex}  moyo ${m.raw}  gnugo ${g.raw}`);
    if (m.code < 0 || g.code < 0) return;
    // Both succeed with different moves: Moyo's move is followed (does GNU Go refute it?).
    const differ = works(m) && works(g) && m.move !== g.move;
    if (works(m) === works(g) && !differ) {
      const last = played[played.length - 1];
      const who = last?.endsWith('(moyo)') ? 'moyo' : last?.endsWith('(gnugo)') ? 'gnugo' : '';
      const move = last?.replace(/\((moyo|gnugo)\)$/, '');
      if (who === '') console.log('  agree');
      else if (works(m))
        console.log(
          `  agree: ${who}'s ${move} is refuted by ${m.move} (${who}'s search above missed the reply)`,
        );
      else if (lastDiffer) console.log(`  agree: ${who}'s ${move} holds too`);
      else
        console.log(
          `  agree: ${who}'s ${move} holds (${who === 'moyo' ? 'GNU Go' : 'Moyo'}'s search above misread it)`,
        );
      return;
    }
    if (differ) console.log(`  moves differ: Moyo's ${m.move} is followed`);
    lastDiffer = differ;
    const claim = works(m) ? m : g;
    const claimer = works(m) ? 'moyo' : 'gnugo';
    if (!claim.move || claim.move === 'PASS') {
      console.log(`  ${claimer} claims it with no move (static view)`);
      return;
    }
    const mover = q === 'attack' ? 3 - owner : owner;
    const step = `${colorName(mover)}:${claim.move}`;
    await pair.send(`play ${colorName(mover)} ${claim.move}`);
    played.push(`${step}(${claimer})`);
    q = q === 'attack' ? 'defend' : 'attack';
  }
  console.log(`  stopped after ${MAX_PLIES} plies`);
}

async function main(): Promise<void> {
  const [suiteArg, idArg, ...rest] = process.argv.slice(2);
  if (!suiteArg || !idArg)
    fail('usage: npx tsx scripts/owl-diff.ts SUITE ID [attack|defend] [COLOR:VERTEX...]');
  const { name, suite, test } = findTest(suiteArg, idArg, fail);
  const [, command, vertex] = test.command.trim().split(/\s+/);
  if (!vertex) fail(`ID: test ${test.id} (${test.command}) names no vertex`);
  let questions: Question[] =
    command === 'owl_attack' ? ['attack'] : command === 'owl_defend' ? ['defend'] : ['attack', 'defend'];
  if (rest[0] === 'attack' || rest[0] === 'defend') questions = [rest.shift() as Question];

  console.log(`${name} ${test.id}: ${test.command.trim()}  expects [${test.expectation.text}]`);
  for (const q of questions) {
    const pair = new Pair();
    try {
      for (const line of setupBefore(suite, test)) await pair.send(line);
      const played: string[] = [];
      for (const move of rest) {
        const { color, vertex: at } = moveArg(move, fail);
        await pair.send(`play ${color} ${at}`);
        played.push(move);
      }
      if (pair.colorAt(vertex) === 0) fail(`VERTEX ${vertex}: no stone there`);
      await walk(pair, vertex, q, played);
    } finally {
      await pair.gnugo.close();
    }
  }
}

main().catch((e: Error) => {
  process.stderr.write(`owl-diff: ${e.message}\n`);
  process.exit(1);
});
