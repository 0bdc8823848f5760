/**
 * `moyo eyegraph GRAPH [--outer-libs N] [--ko-threats N] [--json] [--svg OUT.svg|-]`: eye value and
 * vital points of an eye graph in GNU Go's encoding (e.g. `OO!%O.X%!...`). Text output is GNU Go's
 * answer (the value, then the marked graph); `--json` prints `{value, eyes:{min,max}, attack,
 * defense, diagram}`; `--svg` also draws the marked diagram as SVG into a file, or instead of the
 * answer on stdout for `-`. Exit codes: 0 done, 1 the graph cannot be realised or read out, 2 bad
 * arguments or graph, or an SVG file that cannot be written.
 */
import { analyzeEyeGraph, EyeGraphBudgetError, EyeGraphError, EyeGraphUnrealizableError } from '../../eyes';
import { formatEyeGraphAnswer, type EyeGraphOptions } from '../../eyes/analyze';
import { eyeGraphPictureFromResult, renderEyeGraphSvg } from '../../render';

/** Where the command writes. */
export interface EyegraphCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Writes a whole file (`--svg FILE`); throws the fs error. Absent: `--svg FILE` is refused. */
  writeFile?: (path: string, text: string) => void;
}

export const EYEGRAPH_USAGE =
  'usage: moyo eyegraph GRAPH [--outer-libs 0..5] [--ko-threats -4..4] [--json] [--svg OUT.svg|-]';

function intOption(name: string, value: string | undefined, min: number, max: number): number {
  if (value === undefined || !/^[+-]?\d+$/.test(value)) {
    throw new EyeGraphArgumentError(
      `${name} needs an integer from ${min} to ${max}, got ${value ?? 'nothing'}`,
    );
  }
  const n = Number(value);
  if (n < min || n > max) throw new EyeGraphArgumentError(`${name} must be from ${min} to ${max}, got ${n}`);
  return n;
}

class EyeGraphArgumentError extends Error {}

/** Runs the command; writes through `io` and returns the exit code (bad input never throws). */
export function runEyegraphCommand(argv: readonly string[], io: EyegraphCommandIo): number {
  const options: EyeGraphOptions = {};
  let json = false;
  let svg: string | undefined;
  let graph: string | undefined;
  try {
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i];
      const [flag, inline] =
        arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
      if (flag === '--json') json = true;
      else if (flag === '--outer-libs') options.outerLiberties = intOption(flag, inline ?? argv[++i], 0, 5);
      else if (flag === '--ko-threats') options.koThreats = intOption(flag, inline ?? argv[++i], -4, 4);
      else if (flag === '--svg') {
        if (svg !== undefined) throw new EyeGraphArgumentError('--svg is given twice');
        svg = inline ?? argv[++i];
        // `--svg --json` would otherwise write a file named --json.
        if (svg === undefined || svg === '' || (svg.startsWith('-') && svg !== '-')) {
          throw new EyeGraphArgumentError(`--svg needs a file name or - (stdout), got ${svg || 'nothing'}`);
        }
      } else if (flag === '--help' || flag === '-h') {
        io.stdout(EYEGRAPH_USAGE + '\n');
        return 0;
      } else if (arg.startsWith('--')) throw new EyeGraphArgumentError(`unknown option ${arg}`);
      else if (graph === undefined) graph = arg;
      else throw new EyeGraphArgumentError(`unexpected argument '${arg}' (one GRAPH only)`);
    }
    if (graph === undefined) throw new EyeGraphArgumentError('GRAPH is missing');
    if (svg === '-' && json) throw new EyeGraphArgumentError('--svg - and --json both write to stdout');
    if (svg !== undefined && svg !== '-' && !io.writeFile) {
      throw new EyeGraphArgumentError('--svg: this front cannot write files (use --svg -)');
    }
  } catch (e) {
    io.stderr(`moyo eyegraph: ${(e as Error).message}\n${EYEGRAPH_USAGE}\n`);
    return 2;
  }
  try {
    const analysis = analyzeEyeGraph(graph, options);
    if (svg !== undefined) {
      const picture = renderEyeGraphSvg(eyeGraphPictureFromResult(analysis));
      if (svg === '-') {
        io.stdout(picture + '\n');
        return 0;
      }
      try {
        io.writeFile!(svg, picture + '\n');
      } catch (e) {
        io.stderr(`moyo eyegraph: --svg: cannot write ${svg}: ${(e as Error).message}\n`);
        return 2;
      }
    }
    if (json) {
      const { value, eyes, attack, defense, diagram } = analysis;
      io.stdout(JSON.stringify({ value, eyes, attack, defense, diagram }) + '\n');
    } else io.stdout(formatEyeGraphAnswer(analysis) + '\n');
    return 0;
  } catch (e) {
    if (e instanceof EyeGraphError) {
      io.stderr(`moyo eyegraph: GRAPH: ${e.message}\n`);
      return 2;
    }
    if (e instanceof EyeGraphUnrealizableError || e instanceof EyeGraphBudgetError) {
      io.stderr(`moyo eyegraph: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}
