import type { DeadCommand } from './engines';
import { parsePhases, type Phase } from './positions';

export interface RealGamesOptions {
  set: 'tune' | 'check' | 'all';
  phases: Phase[];
  noGnugo: boolean;
  out: string | null;
  /** GNU Go's dead-stone command on middle-game positions. */
  gnugoMidGameDead: DeadCommand;
  /** Reuse GNU Go's answers saved by an earlier run; ask GNU Go only for positions not in it. */
  gnugoFrom: string | null;
  /** Save this run's GNU Go answers. */
  gnugoSave: string | null;
}

function usage(bench: string, message: string): never {
  process.stderr.write(`${bench}: ${message}\n`);
  process.exit(2);
}

/**
 * The string options of bench:real (`--set`, `--phases`, `--out`, `--no-gnugo`, `--gnugo-midgame-dead`,
 * `--gnugo-from`, `--gnugo-save`) from `argv`; a bad
 * value is a usage error naming the option (stderr, exit 2). Integer options go through integerOption.
 */
export function options(
  bench: string,
  defaultPhases: readonly Phase[],
  argv: readonly string[] = process.argv.slice(2),
): RealGamesOptions {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    if (i < 0) return undefined;
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) usage(bench, `${name} needs a value`);
    return v;
  };
  const set = value('--set') ?? 'tune';
  if (set !== 'tune' && set !== 'check' && set !== 'all') usage(bench, '--set must be tune, check or all');
  let phases = [...defaultPhases];
  const phaseText = value('--phases');
  if (phaseText !== undefined) {
    try {
      phases = parsePhases(phaseText);
    } catch (e) {
      usage(bench, (e as Error).message);
    }
  }
  const dead = value('--gnugo-midgame-dead') ?? 'dragon_status';
  if (dead !== 'dragon_status' && dead !== 'final_status_list') {
    usage(bench, '--gnugo-midgame-dead must be dragon_status or final_status_list');
  }
  return {
    set,
    phases,
    noGnugo: argv.includes('--no-gnugo'),
    out: value('--out') ?? null,
    gnugoMidGameDead: dead,
    gnugoFrom: value('--gnugo-from') ?? null,
    gnugoSave: value('--gnugo-save') ?? null,
  };
}
