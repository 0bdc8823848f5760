/**
 * Parsing of the GTP answers the real-games bench reads, in GNU Go 3.8's formats (Moyo answers the
 * same): `= W+3.5 (upper bound: 5.0, lower: 2.0)`, vertex lists, `? message`.
 */

/** A GTP answer that is not `= ...`, or one whose body does not parse. */
export class GtpAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GtpAnswerError';
  }
}

/**
 * The body of a GTP answer (`=id body` + blank line, or the same without the trailing blank line).
 * Throws GtpAnswerError with the engine's message for `? ...`.
 */
export function gtpBody(answer: string): string {
  const text = answer.replace(/\r/g, '').replace(/\n+$/, '');
  const m = /^([=?])\d*(?: |$)([\s\S]*)$/.exec(text);
  if (!m) throw new GtpAnswerError(`not a GTP answer: ${JSON.stringify(text.slice(0, 80))}`);
  if (m[1] === '?') throw new GtpAnswerError(m[2].trim() || 'failed');
  return m[2];
}

/** An `estimate_score` answer turned Black-positive: lead, and the interval [lower, upper]. */
export interface ScoreEstimate {
  blackLead: number;
  lower: number;
  upper: number;
}

/**
 * Parses `W+3.5 (upper bound: 5.0, lower: 2.0)` (GNU Go's estimate_score; bounds White-positive,
 * as GNU Go prints them) into Black-positive numbers: lead -3.5, interval [-5.0, -2.0]. A bare
 * `B+2.0` without bounds gets lower = upper = the lead. `0` is an even score.
 */
export function parseEstimateScore(body: string): ScoreEstimate {
  const text = body.trim();
  const m =
    /^(?:([BW])\+(-?\d+(?:\.\d+)?)|(0(?:\.0+)?))(?:\s*\(upper bound:\s*(-?\d+(?:\.\d+)?),\s*lower:\s*(-?\d+(?:\.\d+)?)\))?$/.exec(
      text,
    );
  if (!m) throw new GtpAnswerError(`estimate_score: cannot read ${JSON.stringify(text)}`);
  const blackLead = m[3] !== undefined ? 0 : m[1] === 'B' ? Number(m[2]) : -Number(m[2]);
  if (m[4] === undefined) return { blackLead: blackLead + 0, lower: blackLead + 0, upper: blackLead + 0 };
  const whiteUpper = Number(m[4]);
  const whiteLower = Number(m[5]);
  const a = -whiteUpper + 0;
  const b = -whiteLower + 0;
  return { blackLead: blackLead + 0, lower: Math.min(a, b), upper: Math.max(a, b) };
}

/** The vertices of a list answer (`final_status_list dead`, `list_stones`), upper case, in order. */
export function parseVertexList(body: string): string[] {
  const words = body.split(/\s+/).filter(Boolean);
  for (const w of words) {
    if (!/^[A-HJ-Za-hj-z]\d{1,2}$/.test(w)) throw new GtpAnswerError(`not a vertex: ${JSON.stringify(w)}`);
  }
  return words.map((w) => w.toUpperCase());
}
