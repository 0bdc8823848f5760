/**
 * GTP commands of the eye-graph family: `analyze_eyegraph [outer_libs ko_threats] GRAPH`.
 *
 * Without the two numbers the answer is GNU Go 3.8's, byte for byte (`0112` then the graph with
 * vital points marked). With them the extended construction is used (outer liberties 0..5, virtual
 * ko threats -4..4). Unlike GNU Go, malformed graphs are rejected with a message.
 */
import { analyzeEyeGraph, EyeGraphUnrealizableError, formatEyeGraphAnswer } from '../../eyes';

/** A command's arguments were wrong; the front answers `? <message>`. */
export class GtpEyeGraphArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GtpEyeGraphArgumentError';
  }
}

function integerArg(name: string, text: string, min: number, max: number): number {
  if (!/^[+-]?\d+$/.test(text))
    throw new GtpEyeGraphArgumentError(`${name} must be an integer, got '${text}'`);
  const n = Number(text);
  if (n < min || n > max)
    throw new GtpEyeGraphArgumentError(`${name} must be from ${min} to ${max}, got ${n}`);
  return n;
}

/**
 * `analyze_eyegraph`: returns the success answer body (without `= `), e.g. `0112\n  @ \n .X \n!.*.`.
 * Throws GtpEyeGraphArgumentError for bad arguments, or an Error whose message is the failure text
 * (`failed to analyze`, as GNU Go says, when no attacker group fits a marginal point).
 */
export function gtpAnalyzeEyegraph(args: readonly string[]): string {
  let graph: string;
  let options: { outerLiberties?: number; koThreats?: number } = {};
  if (args.length === 1) graph = args[0];
  else if (args.length === 3) {
    options = {
      outerLiberties: integerArg('outer_libs', args[0], 0, 5),
      koThreats: integerArg('ko_threats', args[1], -4, 4),
    };
    graph = args[2];
  } else {
    throw new GtpEyeGraphArgumentError('usage: analyze_eyegraph [outer_libs ko_threats] GRAPH');
  }
  try {
    return formatEyeGraphAnswer(analyzeEyeGraph(graph, options));
  } catch (e) {
    if (e instanceof EyeGraphUnrealizableError) throw new Error('failed to analyze', { cause: e });
    throw e;
  }
}

/** The family's handlers by command name: each takes the arguments and returns the answer body. */
export const EYE_GTP_COMMANDS: Readonly<Record<string, (args: readonly string[]) => string>> = {
  analyze_eyegraph: gtpAnalyzeEyegraph,
};
