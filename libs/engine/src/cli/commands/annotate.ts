import { analyzePosition, positionFromGame } from '../../analysis';
import {
  readSgf,
  replaySgf,
  sgfAnalysisOfReport,
  SgfError,
  writeAnalysedSgf,
  type SgfMoveAnalysis,
} from '../../sgf';
import { UsageError, type CliCommand } from '../types';
import { parseAnalysisNames, parseSetOptions, runParsed, subcommandParser } from './analyze';

/** What the viewer asks the api for: territory, dead stones, the score with its interval, move values. */
const DEFAULT_ANALYSES = 'territory,deadStones,score,moveValues';

function positiveInt(value: string | undefined, flag: string): number {
  if (value === undefined) return 1;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1)
    throw new UsageError(`${flag}: must be a whole number >= 1, got '${value}'`);
  return n;
}

/**
 * `moyo annotate FILE.sgf|- [--out OUT.sgf] [--analyses a,b] [--every N] [--set a.k=v]`: analyses
 * every position of the game (or every Nth and the last) and writes the SGF the api's export
 * writes: score and interval in C, territory as TB/TW, dead stones as MA.
 */
export const annotateCommand: CliCommand = {
  name: 'annotate',
  summary:
    'annotate FILE.sgf|- [--out OUT.sgf] [--analyses a,b] [--every N]: the game as SGF with each position analysed (C score and interval, TB/TW territory, MA dead stones)',
  run(argv, io) {
    return runParsed('annotate', io, async () => {
      const cmd = subcommandParser('annotate', io)
        .argument('<file>', 'SGF file, or - for standard input')
        .option('--out <file>', 'write the SGF here (default: standard output)')
        .option('--analyses <names>', `analyses to run (default: ${DEFAULT_ANALYSES})`)
        .option('--every <n>', 'analyse every Nth position (and the last one)')
        .option('--set <pair>', 'analysis option (repeatable)', (v: string, p: string[]) => [...p, v], []);
      cmd.parse(argv as string[], { from: 'user' });
      const opts = cmd.opts<{ out?: string; analyses?: string; every?: string; set: string[] }>();
      const names = parseAnalysisNames(opts.analyses ?? DEFAULT_ANALYSES);
      const every = positiveInt(opts.every, '--every');
      const options = parseSetOptions(opts.set);
      const file = cmd.args[0];
      let text: string;
      try {
        text = file === '-' ? await io.readStdin() : io.readFile(file);
      } catch (e) {
        throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
      }
      const name = file === '-' ? 'stdin' : file;
      try {
        const record = readSgf(text);
        const game = replaySgf(record);
        const analyses = new Map<number, SgfMoveAnalysis>();
        for (let turn = 0; turn <= record.moveCount; turn++) {
          if (turn % every !== 0 && turn !== record.moveCount) continue;
          const report = analyzePosition(positionFromGame(replaySgf(record, { move: turn })), names, options);
          const a = sgfAnalysisOfReport(report);
          if (a) analyses.set(turn, a);
        }
        const sgf = writeAnalysedSgf(game, analyses, { info: record.info });
        if (opts.out === undefined) io.stdout(sgf);
        else if (!io.writeFile) throw new UsageError('--out: this front cannot write files');
        else io.writeFile(opts.out, sgf);
        return 0;
      } catch (e) {
        if (e instanceof SgfError) throw new UsageError(`${name}: ${e.message}`);
        throw e;
      }
    });
  },
};
