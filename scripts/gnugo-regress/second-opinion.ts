/**
 * GNU Go's second opinion on Moyo's other moves (`--second-opinion`). A reading test
 * (`owl_attack`, `owl_defend`, `attack`, `defend`) that Moyo fails with the expected result code
 * but a move the test does not list is either a misreading or a move the test's authors did not
 * list. GNU Go is asked, after Moyo's move, whether the other side still has its answer
 * (`owl_defend` after an owl attack, `owl_attack` after an owl defence, likewise for strings):
 * `0` means GNU Go's own reading accepts Moyo's move. The tests' verdicts are not changed.
 */
import { verdictOf, type SuiteRun } from './report';
import type { Engine, StartEngine } from './run-suite';
import { answerOf, parseReply, setupBefore, type TstSuite, type TstTest } from './tst';

/** The command that asks whether the other side still answers, per reading command. */
const OTHER_SIDE: ReadonlyMap<string, string> = new Map([
  ['owl_attack', 'owl_defend'],
  ['owl_defend', 'owl_attack'],
  ['attack', 'defend'],
  ['defend', 'attack'],
]);

/** A failed test whose answer has the expected code but another move. */
export interface OtherMove {
  test: TstTest;
  /** The reading command (`owl_attack`) and its vertex. */
  command: string;
  vertex: string;
  /** Moyo's move, e.g. `B1`. */
  move: string;
}

/** GNU Go's opinion of one other move. */
export interface SecondOpinion {
  suite: string;
  id: number;
  move: string;
  /** `works` when GNU Go's reading finds no answer after the move (`0`), `refuted` when it does. */
  verdict: 'works' | 'refuted' | 'unanswered';
  /** GNU Go's reply to the other side's command (or why there is none). */
  answer: string;
}

/**
 * The tests of `run` Moyo fails with the code its expectation starts with (a literal 1, 2 or 3,
 * not negated) and a move on the board (not PASS).
 */
export function otherMoves(run: SuiteRun): OtherMove[] {
  const out: OtherMove[] = [];
  if (!run.moyo) return out;
  for (const test of run.suite.tests) {
    const words = test.command.trim().split(/\s+/);
    const [, command, vertex] = words;
    if (!OTHER_SIDE.has(command) || vertex === undefined || test.expectation.negate) continue;
    const a = run.moyo.answers.get(test.id);
    if (!a || !a.ok || verdictOf(test, run.moyo) !== 'fail') continue;
    const answer = /^([123]) ([A-HJ-Z]\d{1,2})$/i.exec(a.answer);
    const expected = /^([123]) /.exec(test.expectation.pattern);
    if (!answer || !expected || answer[1] !== expected[1]) continue;
    out.push({ test, command, vertex, move: answer[2].toUpperCase() });
  }
  return out;
}

/**
 * Asks GNU Go (`start`, in the suite's folder `dir`) about one other move: the setup, `color` of the
 * tested stone, the move by the side that made it (the attacker for attacks, the owner for
 * defences), then the other side's command. The GNU Go process is closed whatever the answer (killed
 * when it fails to answer).
 */
export async function askSecondOpinion(
  suite: TstSuite,
  other: OtherMove,
  start: StartEngine,
  dir: string,
  timeoutMs: number,
): Promise<SecondOpinion> {
  const base = { suite: suite.name, id: other.test.id, move: other.move };
  const engine = start(dir);
  let opinion: SecondOpinion;
  try {
    opinion = { ...base, ...(await ask(engine, suite, other, timeoutMs)) };
  } catch (e) {
    engine.kill();
    return { ...base, verdict: 'unanswered', answer: `(${(e as Error).message})` };
  }
  await engine.close();
  return opinion;
}

/** The questions of {@link askSecondOpinion} on an engine it started: the verdict and its answer. */
async function ask(
  engine: Engine,
  suite: TstSuite,
  other: OtherMove,
  timeoutMs: number,
): Promise<Pick<SecondOpinion, 'verdict' | 'answer'>> {
  for (const line of setupBefore(suite, other.test)) await engine.send(line, timeoutMs);
  const color = parseReply(await engine.send(`color ${other.vertex}`, timeoutMs));
  const owner = color.ok ? answerOf(color).toLowerCase() : '';
  if (owner !== 'black' && owner !== 'white')
    return { verdict: 'unanswered', answer: `color ${other.vertex}: ${color.text}` };
  const attacker = owner === 'black' ? 'white' : 'black';
  const mover = other.command.endsWith('attack') ? attacker : owner;
  const played = parseReply(await engine.send(`play ${mover} ${other.move}`, timeoutMs));
  if (!played.ok) return { verdict: 'unanswered', answer: `play ${mover} ${other.move}: ${played.text}` };
  const reply = parseReply(await engine.send(`${OTHER_SIDE.get(other.command)} ${other.vertex}`, timeoutMs));
  if (!reply.ok) return { verdict: 'unanswered', answer: reply.text };
  const answer = answerOf(reply);
  return { verdict: answer.startsWith('0') ? 'works' : 'refuted', answer };
}

/** The report's lines: the count, then one line per move. */
export function formatSecondOpinions(opinions: readonly SecondOpinion[]): string[] {
  if (opinions.length === 0) return [];
  const works = opinions.filter((o) => o.verdict === 'works').length;
  return [
    `GNU Go's second opinion on Moyo's other moves (the expected code, a move the test does not list): ` +
      `${works} of ${opinions.length} accepted by GNU Go's own reading`,
    ...opinions.map((o) => `  ${o.suite} ${o.id}: ${o.move} ${o.verdict} (GNU Go: ${o.answer})`),
  ];
}
