import { GtpEngine } from '../../../src/gtp/engine';

const engine = new GtpEngine(() => {
  throw new Error('no files in eye-graph tests');
});

/**
 * Our answer to `analyze_eyegraph GRAPH` through the GTP front, in GNU Go's form without the final
 * blank line (`= 0112\n  @ \n .X \n!.*.` or `? failed to analyze`).
 */
export function answerLikeGnuGo(graph: string): string {
  const answer = engine.handleLine(`analyze_eyegraph ${graph}`);
  if (answer === null || !answer.endsWith('\n\n')) throw new Error(`no GTP answer for ${graph}`);
  return answer.slice(0, -2);
}
