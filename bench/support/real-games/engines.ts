import { readFileSync } from 'node:fs';
import { GtpEngine } from '../../../libs/engine/src/gtp';
import { GnuGoGtp } from '../../../libs/engine/test/eyes/support/gnugo';
import {
  GtpAnswerError,
  gtpBody,
  parseEstimateScore,
  parseVertexList,
  type ScoreEstimate,
} from './gtp-answers';
import { gamePath, type RealGameRules } from './manifest';
import type { GamePosition } from './positions';

/** What one engine said about one position, with the time each command took. */
export interface EngineAnswer {
  estimate: ScoreEstimate | null;
  /** Stones `final_status_list dead` named (upper case). */
  dead: string[] | null;
  msEstimate: number;
  msDead: number;
  /** `final_score` (Black-positive), asked on final positions only; null elsewhere. */
  finalScore: number | null;
  /** Why the position has no answer: a `?` answer, an unreadable one, or a board that differs from ours. */
  error?: string;
}

/** Sends one GTP command line; resolves with the raw answer and the milliseconds it took. */
export type GtpSend = (line: string) => Promise<{ answer: string; ms: number }>;

/**
 * How a side lists the dead stones: `final_status_list dead`, or the stones (`dragon_stones`) of
 * every dragon `dragon_status` calls dead. GNU Go's final_status_list plays the game out first
 * (finish_and_score_game), which takes minutes on a 19x19 middle game, so the bench asks GNU Go's
 * dragon_status there and final_status_list only on final positions.
 */
export type DeadCommand = 'final_status_list' | 'dragon_status';

async function deadStones(send: GtpSend, command: DeadCommand): Promise<{ dead: string[]; ms: number }> {
  if (command === 'final_status_list') {
    const a = await send('final_status_list dead');
    return { dead: parseVertexList(gtpBody(a.answer)), ms: a.ms };
  }
  const status = await send('dragon_status');
  let ms = status.ms;
  const dead: string[] = [];
  for (const line of gtpBody(status.answer).split('\n')) {
    const m = /^\s*([A-HJ-Z]\d{1,2}):\s*(\w+)/i.exec(line);
    if (!m) {
      if (line.trim()) throw new GtpAnswerError(`dragon_status: cannot read ${JSON.stringify(line)}`);
      continue;
    }
    if (m[2] !== 'dead') continue;
    const stones = await send(`dragon_stones ${m[1]}`);
    ms += stones.ms;
    dead.push(...parseVertexList(gtpBody(stones.answer)));
  }
  return { dead, ms };
}

/**
 * Sets up `pos` the way a user would (rules, `loadsgf FILE N` = the position before move N, komi),
 * checks that the engine sees the same stones as our replay, then asks `estimate_score` and
 * `final_status_list dead`, timing each, and on the final position `final_score` as well.
 */
export async function askPosition(
  send: GtpSend,
  pos: GamePosition,
  setRules: (rules: RealGameRules) => Promise<void>,
  deadCommand: DeadCommand = 'final_status_list',
): Promise<EngineAnswer> {
  const empty: EngineAnswer = { estimate: null, dead: null, msEstimate: NaN, msDead: NaN, finalScore: null };
  const body = async (line: string) => gtpBody((await send(line)).answer);
  try {
    await setRules(pos.game.rules);
    await body(`loadsgf ${gamePath(pos.game)} ${pos.moves + 1}`);
    await body(`komi ${pos.game.komi}`);
    for (const color of ['black', 'white'] as const) {
      const seen = parseVertexList(await body(`list_stones ${color}`)).sort();
      const ours = pos.stones[color];
      if (seen.length !== ours.length || seen.some((v, i) => v !== ours[i])) {
        return {
          ...empty,
          error: `board differs: ${seen.length} ${color} stones, replay has ${ours.length}`,
        };
      }
    }
    const est = await send('estimate_score');
    const dead = await deadStones(send, deadCommand);
    const finalScore =
      pos.phase === 'final'
        ? parseEstimateScore(gtpBody((await send('final_score')).answer)).blackLead
        : null;
    return {
      finalScore,
      estimate: parseEstimateScore(gtpBody(est.answer)),
      dead: dead.dead,
      msEstimate: est.ms,
      msDead: dead.ms,
    };
  } catch (e) {
    return { ...empty, error: (e as Error).message };
  }
}

/** Moyo in this process, through its GTP front (the registry a `moyo gtp` user talks to). */
export class MoyoSide {
  private readonly engine = new GtpEngine((path) => readFileSync(path, 'utf8'));

  readonly send: GtpSend = async (line) => {
    const t0 = performance.now();
    const answer = this.engine.handleLine(line);
    const ms = performance.now() - t0;
    if (answer === null) throw new Error(`no answer to ${line}`);
    return { answer, ms };
  };

  ask(pos: GamePosition): Promise<EngineAnswer> {
    // `moyo_rules` clears the board; loadsgf then replays under the session's rules.
    return askPosition(this.send, pos, async (rules) => {
      gtpBody((await this.send(`moyo_rules ${rules}`)).answer);
    });
  }
}

/**
 * GNU Go 3.8 child processes (`gnugo --mode gtp --quiet --level L`, plus `--chinese-rules` for
 * Chinese games: GNU Go has no GTP command for the rules), one per rule set, started on first use
 * and reused with `loadsgf` for every position this side is given.
 */
export class GnuGoSide {
  private readonly procs = new Map<RealGameRules, GnuGoGtp>();
  private current: GnuGoGtp | null = null;

  constructor(
    private readonly level: number,
    /** The dead-stone command for middle-game positions (final positions always use final_status_list). */
    private readonly midGameDead: DeadCommand = 'dragon_status',
  ) {}

  readonly send: GtpSend = async (line) => {
    if (!this.current) throw new Error('GnuGoSide: no rules chosen');
    const t0 = performance.now();
    const answer = await this.current.command(line);
    return { answer, ms: performance.now() - t0 };
  };

  ask(pos: GamePosition): Promise<EngineAnswer> {
    return askPosition(
      this.send,
      pos,
      async (rules) => {
        let proc = this.procs.get(rules);
        if (!proc) {
          const args = ['--quiet', '--level', String(this.level)];
          proc = new GnuGoGtp(rules === 'chinese' ? [...args, '--chinese-rules'] : args);
          this.procs.set(rules, proc);
        }
        this.current = proc;
      },
      pos.phase === 'final' ? 'final_status_list' : this.midGameDead,
    );
  }

  async close(): Promise<void> {
    await Promise.all([...this.procs.values()].map((p) => p.close()));
    this.procs.clear();
  }
}

/**
 * Answers every position with `jobs` GNU Go sides working through the list in parallel; `onDone`
 * is called after each position (progress). Results come back in the order of `positions`.
 */
export async function askGnuGo(
  positions: readonly GamePosition[],
  jobs: number,
  level: number,
  midGameDead: DeadCommand,
  onDone: () => void = () => undefined,
): Promise<EngineAnswer[]> {
  const out: EngineAnswer[] = new Array(positions.length);
  let next = 0;
  const worker = async () => {
    const side = new GnuGoSide(level, midGameDead);
    try {
      while (next < positions.length) {
        const i = next++;
        out[i] = await side.ask(positions[i]);
        onDone();
      }
    } finally {
      await side.close();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return out;
}
