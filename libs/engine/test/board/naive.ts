/**
 * A deliberately simple reference Go board for property tests: a 2-D array of 'X'/'O'/'.', flood
 * fill for chains, full recount after each move. Slow and obviously right.
 */
export class NaiveBoard {
  readonly grid: string[][];
  ko: [number, number, string] | null = null;
  captures = { X: 0, O: 0 };

  constructor(
    readonly size: number,
    readonly allowSuicide = false,
  ) {
    this.grid = Array.from({ length: size }, () => Array<string>(size).fill('.'));
  }

  rows(): string[] {
    return this.grid.map((r) => r.join(''));
  }

  private neighbours(x: number, y: number): [number, number][] {
    const out: [number, number][] = [];
    for (const [dx, dy] of [
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
    ]) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < this.size && ny < this.size) out.push([nx, ny]);
    }
    return out;
  }

  /** Stones and liberties of the chain at (x, y). */
  chain(x: number, y: number): { stones: [number, number][]; libs: number } {
    const c = this.grid[y][x];
    const seen = new Set<string>([`${x},${y}`]);
    const libs = new Set<string>();
    const stack: [number, number][] = [[x, y]];
    const stones: [number, number][] = [];
    while (stack.length) {
      const [cx, cy] = stack.pop()!;
      stones.push([cx, cy]);
      for (const [nx, ny] of this.neighbours(cx, cy)) {
        const v = this.grid[ny][nx];
        if (v === '.') libs.add(`${nx},${ny}`);
        else if (v === c && !seen.has(`${nx},${ny}`)) {
          seen.add(`${nx},${ny}`);
          stack.push([nx, ny]);
        }
      }
    }
    return { stones, libs: libs.size };
  }

  /** Plays if legal; returns false (unchanged) otherwise. */
  play(x: number, y: number, c: 'X' | 'O'): boolean {
    if (this.grid[y][x] !== '.') return false;
    if (this.ko && this.ko[0] === x && this.ko[1] === y && this.ko[2] === c) return false;
    const o = c === 'X' ? 'O' : 'X';
    const before = this.grid.map((r) => r.slice());
    this.grid[y][x] = c;
    let captured: [number, number][] = [];
    for (const [nx, ny] of this.neighbours(x, y)) {
      if (this.grid[ny][nx] !== o) continue;
      const ch = this.chain(nx, ny);
      if (ch.libs === 0) {
        for (const [sx, sy] of ch.stones) this.grid[sy][sx] = '.';
        captured = captured.concat(ch.stones);
      }
    }
    const own = this.chain(x, y);
    if (own.libs === 0) {
      if (!this.allowSuicide) {
        before.forEach((r, i) => (this.grid[i] = r));
        return false;
      }
      for (const [sx, sy] of own.stones) this.grid[sy][sx] = '.';
      this.captures[o] += own.stones.length;
    }
    this.captures[c] += captured.length;
    this.ko = null;
    if (captured.length === 1 && own.stones.length === 1 && own.libs === 1)
      this.ko = [captured[0][0], captured[0][1], o];
    return true;
  }

  pass(): void {
    this.ko = null;
  }
}
