import { ANALYSES, analyzePosition, positionFromGame } from '../../analysis';
import { RenderInputError, renderPositionSvg, RESULT_OVERLAYS } from '../../render';
import { loadGame, parseMoveOption } from '../position-input';
import { renderBoard } from '../render';
import { UsageError, type CliCommand } from '../types';
import { parseSetOptions, runParsed, subcommandParser } from './analyze';

function mapNames(): string[] {
  return [...ANALYSES.values()].filter((d) => d.grid).map((d) => d.name);
}

/**
 * `moyo show FILE.sgf|- [--move N] [--map NAME] [--set name.option=value] [--svg OUT --overlay A,B]`:
 * the board in ASCII, and as an SVG picture with overlays when `--svg` is given.
 */
export const showCommand: CliCommand = {
  name: 'show',
  summary:
    'show FILE.sgf|- [--move N] [--map NAME] [--set name.option=value] [--svg OUT.svg --overlay NAME[,NAME]]: the board (and a map) in ASCII, or as SVG',
  run(argv, io) {
    return runParsed('show', io, async () => {
      const cmd = subcommandParser('show', io)
        .argument('<file>', 'SGF file, or - for standard input')
        .option('--move <n>', 'position after this many moves (default: the end)')
        .option('--map <name>', `analysis to draw, from: ${mapNames().join(', ')}`)
        .option('--set <pair>', 'analysis option (repeatable)', (v: string, p: string[]) => [...p, v], [])
        .option('--svg <file>', 'also write the board as an SVG picture to this file')
        .option(
          '--overlay <names>',
          `overlays of the SVG, comma-separated, from: ${RESULT_OVERLAYS.join(', ')}`,
        );
      cmd.parse(argv as string[], { from: 'user' });
      const opts = cmd.opts<{ move?: string; map?: string; set: string[]; svg?: string; overlay?: string }>();
      if (opts.overlay !== undefined && opts.svg === undefined)
        throw new UsageError('--overlay: needs --svg FILE');
      const move = parseMoveOption(opts.move);
      if (opts.map !== undefined) {
        const def = ANALYSES.get(opts.map);
        if (!def || !def.grid) {
          throw new UsageError(`--map: '${opts.map}' is not a map (maps: ${mapNames().join(', ')})`);
        }
      }
      const options = parseSetOptions(opts.set);
      const game = await loadGame(cmd.args[0], move, io);
      io.stdout(renderBoard(game.board));
      if (opts.map !== undefined) {
        const position = positionFromGame(game);
        const def = ANALYSES.get(opts.map)!;
        const report = analyzePosition(position, [opts.map], options);
        io.stdout(`\n${opts.map}:\n`);
        io.stdout(renderBoard(game.board, def.grid!(report.analyses[opts.map], position)));
      }
      if (opts.svg !== undefined) {
        if (!io.writeFile) throw new UsageError('--svg: this front cannot write files');
        const overlays = (opts.overlay ?? '').split(',').filter((n) => n.trim() !== '');
        let svg: string;
        try {
          svg = renderPositionSvg(
            positionFromGame(game),
            overlays.map((n) => n.trim()),
          );
        } catch (err) {
          if (err instanceof RenderInputError) throw new UsageError(`--${err.message}`);
          throw err;
        }
        io.writeFile(opts.svg, svg);
      }
      return 0;
    });
  },
};
