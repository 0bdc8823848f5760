/** A parsed GTP command line. */
export interface GtpCommand {
  /** The numeric id, echoed in the answer, or null. */
  id: number | null;
  /** Command name (lowercase as given; GTP names are case-sensitive lowercase). */
  name: string;
  args: string[];
}

/** An error answer: the handler throws this (or any Error); the front answers `? message`. */
export class GtpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GtpError';
  }
}

const MAX_LINE = 100_000;

/**
 * Parses one line of GTP input per GTP v2: control characters other than tab dropped, tabs become
 * spaces, `#` starts a comment, an optional numeric id comes first. Returns null for a line that
 * holds no command (blank or comment). Never throws.
 */
export function parseGtpLine(line: string): GtpCommand | null {
  let s = String(line);
  if (s.length > MAX_LINE) s = s.slice(0, MAX_LINE);
  // eslint-disable-next-line no-control-regex
  s = s.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, '').replace(/\t/g, ' ');
  const hash = s.indexOf('#');
  if (hash >= 0) s = s.slice(0, hash);
  const words = s.trim().split(/ +/).filter(Boolean);
  if (words.length === 0) return null;
  let id: number | null = null;
  if (/^\d+$/.test(words[0])) {
    id = Number(words.shift());
    if (!Number.isSafeInteger(id)) id = null;
  }
  if (words.length === 0) return { id, name: '', args: [] };
  return { id, name: words[0], args: words.slice(1) };
}

/**
 * Formats an answer: `=id body` or `?id message`, then the blank line that ends every GTP answer.
 * Blank lines inside the body would end the answer early, so they are dropped.
 */
export function formatGtpResponse(id: number | null, ok: boolean, body: string): string {
  const text = body
    .replace(/\r/g, '')
    .replace(/\n{2,}/g, '\n')
    .replace(/\n+$/, '');
  return `${ok ? '=' : '?'}${id ?? ''} ${text}\n\n`;
}
