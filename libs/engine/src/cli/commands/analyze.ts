import { Command, CommanderError } from 'commander';
import {
  ANALYSES,
  AnalysisError,
  analyzePosition,
  positionFromGame,
  type AnalysisOptions,
} from '../../analysis';
import { loadGame, parseMoveOption } from '../position-input';
import { renderBoard } from '../render';
import { UsageError, type CliCommand, type CliIo } from '../types';

/** Parses `--set name.key=value` pairs into per-analysis options (values as JSON when they parse). */
export function parseSetOptions(pairs: readonly string[]): Record<string, AnalysisOptions> {
  const out: Record<string, AnalysisOptions> = {};
  for (const pair of pairs) {
    const m = /^([\w-]+)\.([\w-]+)=(.*)$/s.exec(pair);
    if (!m) throw new UsageError(`--set wants ANALYSIS.OPTION=VALUE, got '${pair}'`);
    let value: unknown = m[3];
    try {
      value = JSON.parse(m[3]);
    } catch {
      // not JSON: keep the text
    }
    (out[m[1]] ??= {})[m[2]] = value;
  }
  return out;
}

/** Splits `--analyses a,b` and checks every name against the registry. */
export function parseAnalysisNames(list: string | undefined): string[] {
  if (list === undefined) return [...ANALYSES.keys()];
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new UsageError('--analyses is empty');
  for (const n of names) {
    if (!ANALYSES.has(n)) {
      throw new UsageError(`--analyses: unknown analysis '${n}' (known: ${[...ANALYSES.keys()].join(', ')})`);
    }
  }
  return names;
}

/** A commander parser for one subcommand that reports instead of exiting. */
export function subcommandParser(name: string, io: CliIo): Command {
  return new Command(`moyo ${name}`)
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: () => {} })
    .allowExcessArguments(false);
}

/** Runs `parse`; maps commander and usage errors to exit 2 with `moyo <name>: message`. */
export async function runParsed(name: string, io: CliIo, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return 0;
      io.stderr(`moyo ${name}: ${e.message.replace(/^error: /, '')}\n`);
      return 2;
    }
    if (e instanceof UsageError || e instanceof AnalysisError || e instanceof RangeError) {
      io.stderr(`moyo ${name}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

/** `moyo analyze FILE.sgf|- [--move N] [--analyses a,b] [--set a.k=v] [--json]`. */
export const analyzeCommand: CliCommand = {
  name: 'analyze',
  summary: 'analyze FILE.sgf|- [--move N] [--analyses a,b] [--set name.option=value] [--json]',
  run(argv, io) {
    return runParsed('analyze', io, async () => {
      const cmd = subcommandParser('analyze', io)
        .argument('<file>', 'SGF file, or - for standard input')
        .option('--move <n>', 'position after this many moves (default: the end)')
        .option('--analyses <names>', `comma-separated, from: ${[...ANALYSES.keys()].join(', ')}`)
        .option('--set <pair>', 'analysis option, e.g. bouzy.dilations=5 (repeatable)', collect, [])
        .option('--json', 'print the JSON report');
      cmd.parse(argv as string[], { from: 'user' });
      const opts = cmd.opts<{ move?: string; analyses?: string; set: string[]; json?: boolean }>();
      const move = parseMoveOption(opts.move);
      const names = parseAnalysisNames(opts.analyses);
      const options = parseSetOptions(opts.set);
      const game = await loadGame(cmd.args[0], move, io);
      const position = positionFromGame(game);
      const report = analyzePosition(position, names, options);
      if (opts.json) {
        io.stdout(JSON.stringify(report) + '\n');
        return 0;
      }
      const b = report.board;
      io.stdout(
        `${b.width}x${b.height}, move ${b.moveNumber}, ${b.toPlay} to play, komi ${b.komi}, ${b.rules} rules, hash ${b.hash}\n`,
      );
      io.stdout(renderBoard(game.board));
      for (const name of names) {
        const def = ANALYSES.get(name)!;
        const result = report.analyses[name];
        io.stdout(`\n${name} (${report.timings[name]} ms):\n`);
        io.stdout(
          def.grid ? renderBoard(game.board, def.grid(result, position)) : JSON.stringify(result) + '\n',
        );
      }
      return 0;
    });
  },
};

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
