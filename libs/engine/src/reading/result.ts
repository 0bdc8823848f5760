/**
 * Reading results with GNU Go's GTP codes: 0 the goal fails, 1 it succeeds outright, 2 it succeeds
 * if the side reading takes the ko first (KO_A), 3 it succeeds only if the opponent ignores a ko
 * threat (KO_B: the reader had to retake a ko).
 */
export const ReadCode = { Fail: 0, Win: 1, KoA: 2, KoB: 3 } as const;
export type ReadCode = (typeof ReadCode)[keyof typeof ReadCode];

/** The answer of a reading query: the code and the move that achieves it (0 = none / pass). */
export interface ReadResult {
  readonly code: ReadCode;
  readonly move: number;
}

/** How good a code is for the side reading: Win 3, KoA 2, KoB 1, Fail 0. */
export function codeRank(code: number): number {
  return code === 0 ? 0 : 4 - code;
}

/** The code of a line that needed a ko: a win becomes `ko`, worse codes stay. */
export function downgrade(code: number, ko: ReadCode): ReadCode {
  if (code === ReadCode.Fail) return ReadCode.Fail;
  return codeRank(code) < codeRank(ko) ? (code as ReadCode) : ko;
}

/** The opponent's result seen from the reader: the opponent failing is our win, their ko our ko the other way. */
export function invert(code: number): ReadCode {
  if (code === ReadCode.Fail) return ReadCode.Win;
  if (code === ReadCode.Win) return ReadCode.Fail;
  // They win only with a ko: we win if we get the ko.
  return code === ReadCode.KoA ? ReadCode.KoB : ReadCode.KoA;
}

/** Packs a result into one number for caches: code * 4096 + move. */
export function packResult(code: number, move: number): number {
  return code * 4096 + move;
}

/** Unpacks {@link packResult}. */
export function unpackResult(v: number): ReadResult {
  return { code: Math.floor(v / 4096) as ReadCode, move: v % 4096 };
}
