/**
 * Sabaki's reading of an analysis line (src/modules/sabaki.js and helper.js as the spec
 * ../shared/specs/gtp-analyze.md records them): split on `info`; a segment must END with its PV
 * (cut at the first pass) or is dropped; tokens before `pv` are key/value pairs; keep segments whose
 * move is a board vertex and that have a winrate; kata-* winrates are fractions, lz-* ten-thousandths.
 */
export interface SabakiVariation {
  move: string;
  visits: number;
  /** Percent for the side analysed. */
  winrate: number;
  scoreLead?: number;
  pv: string[];
}

const VERTEX = /^[A-Za-z]\d+$/;

export function sabakiParseAnalysis(line: string, kata: boolean): SabakiVariation[] {
  const out: SabakiVariation[] = [];
  for (const raw of line.split(/\s*info\s+/).slice(1)) {
    const segment = raw.trim();
    const pvMatch = /(pass|[A-Za-z]\d+)(\s+(pass|[A-Za-z]\d+))*\s*$/.exec(segment);
    if (!pvMatch) continue;
    const before = segment.slice(0, pvMatch.index).trim().split(/\s+/);
    if (before[before.length - 1] !== 'pv') continue;
    const tokens = before.slice(0, -1);
    const fields: Record<string, string> = {};
    for (let i = 0; i + 1 < tokens.length; i += 2) fields[tokens[i]] = tokens[i + 1];
    let pv = pvMatch[0].trim().split(/\s+/);
    const pass = pv.indexOf('pass');
    if (pass >= 0) pv = pv.slice(0, pass);
    if (!VERTEX.test(fields.move ?? '') || fields.winrate === undefined) continue;
    out.push({
      move: fields.move,
      visits: Number(fields.visits),
      winrate: kata ? Number(fields.winrate) * 100 : Number(fields.winrate) / 100,
      scoreLead: fields.scoreLead === undefined ? undefined : Number(fields.scoreLead),
      pv,
    });
  }
  return out;
}
