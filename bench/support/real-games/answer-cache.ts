import { readFileSync, writeFileSync } from 'node:fs';
import type { DeadCommand, EngineAnswer } from './engines';
import type { GamePosition } from './positions';

/**
 * GNU Go's answers saved by one run (`--gnugo-save FILE`) and reused by later ones
 * (`--gnugo-from FILE`): GNU Go 3.8 does not change, so a Moyo change can be measured beside it in
 * a minute instead of twenty. Its times are those of the run that saved them.
 */
export interface GnuGoAnswerFile {
  gnugo: { level: number; midGameDead: DeadCommand };
  saved: string;
  answers: Record<string, EngineAnswer>;
}

/** The key of a position: game id, moves played, and whether it is the final position. */
export function answerKey(pos: GamePosition): string {
  return `${pos.game.id}@${pos.moves}${pos.phase === 'final' ? ':final' : ''}`;
}

/**
 * Reads saved answers; throws Error naming the file and the field when the file is not such a save
 * or was made with another GNU Go level or middle-game dead-stone command.
 */
export function readGnuGoAnswers(
  path: string,
  want: { level: number; midGameDead: DeadCommand },
): Map<string, EngineAnswer> {
  const file = JSON.parse(readFileSync(path, 'utf8')) as Partial<GnuGoAnswerFile>;
  if (!file.gnugo || typeof file.answers !== 'object' || file.answers === null) {
    throw new Error(`${path}: fields "gnugo" and "answers" are required (write it with --gnugo-save)`);
  }
  if (file.gnugo.level !== want.level || file.gnugo.midGameDead !== want.midGameDead) {
    throw new Error(
      `${path}: field "gnugo" says level ${file.gnugo.level}, ${file.gnugo.midGameDead}; this run wants level ${want.level}, ${want.midGameDead}`,
    );
  }
  const out = new Map<string, EngineAnswer>();
  for (const [key, a] of Object.entries(file.answers)) {
    // JSON turns NaN into null; times come back as numbers or NaN.
    out.set(key, { ...a, msEstimate: a.msEstimate ?? NaN, msDead: a.msDead ?? NaN });
  }
  return out;
}

/** Saves the answers that have no error, by position key. */
export function writeGnuGoAnswers(
  path: string,
  meta: { level: number; midGameDead: DeadCommand },
  positions: readonly GamePosition[],
  answers: readonly EngineAnswer[],
): void {
  const file: GnuGoAnswerFile = { gnugo: meta, saved: new Date().toISOString(), answers: {} };
  positions.forEach((pos, i) => {
    const a = answers[i];
    if (a && !a.error && a.estimate && a.dead) file.answers[answerKey(pos)] = a;
  });
  writeFileSync(path, JSON.stringify(file) + '\n');
}
