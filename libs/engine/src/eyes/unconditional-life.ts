import { EMPTY as EMPTY_EXPORT, WHITE as WHITE_EXPORT, type Player } from '../board/color';

// Local copies of the colours: some module loaders turn imported bindings into getters, which
// cost more than the reading itself in the hot loops.
const EMPTY: number = EMPTY_EXPORT;
const WHITE = WHITE_EXPORT as Player;
import { type EyeProblem } from './construction';
import { type ReadingBoard } from './reading-board';

/**
 * Benson's unconditional life of an eye problem's big White string, with its scratch arrays (one
 * per reader: the test runs at every node past GNU Go's reach). Reads the board, never changes it.
 */
export class UnconditionalLife {
  private readonly problem: EyeProblem;
  private readonly n: number;
  private readonly marks: Int32Array;
  private markGeneration = 0;
  /** Scratch by point, by region, by chain. */
  private readonly isVertex: Uint8Array;
  private readonly regionOf: Int32Array;
  private readonly bensonStack: Int32Array;
  private readonly regionOpen = new Uint8Array(32);
  private readonly regionBorders = new Int32Array(32 * 8);
  private readonly regionBorderCount = new Int32Array(32);
  private readonly regionEmptyStart = new Int32Array(32);
  private readonly regionEmptyEnd = new Int32Array(32);
  private readonly regionEmpties: Int32Array;
  private readonly bensonHeads = new Int32Array(64);
  private readonly bensonHealthy = new Uint8Array(32 * 64);
  private readonly bensonChainAlive = new Uint8Array(64);
  private readonly bensonRegionLive = new Uint8Array(32);

  constructor(problem: EyeProblem) {
    const { geo } = problem;
    this.problem = problem;
    this.n = problem.vertices.length;
    this.marks = new Int32Array(geo.arraySize);
    this.isVertex = new Uint8Array(geo.arraySize);
    for (const v of problem.vertices) this.isVertex[v] = 1;
    this.regionOf = new Int32Array(geo.arraySize);
    this.bensonStack = new Int32Array(geo.arraySize);
    this.regionEmpties = new Int32Array(this.n);
  }

  /**
   * Benson's unconditional life of the big White string: White chains and the regions (connected
   * non-White points) they enclose; a region is healthy for a chain when each of its empty points
   * is a liberty of that chain; chains with fewer than two healthy regions among regions bordered
   * only by surviving chains are dropped until nothing changes. A surviving string can never be
   * captured, however Black plays and even if White always passes. Regions that reach a point
   * outside the playable vertices (Black's invincible groups and their eyes) count as unhealthy,
   * which only makes the test more cautious.
   */
  whiteAlive(b: ReadingBoard): boolean {
    const colors = b.colors;
    const str = this.problem.string;
    if (colors[str] !== WHITE) return false;
    const { vertices } = this.problem;
    const adj = b.geo.adjacent;
    const n = this.n;
    const gen = ++this.markGeneration;
    const marks = this.marks;
    const isVertex = this.isVertex;
    const regionOf = this.regionOf;
    const stack = this.bensonStack;
    // Regions: flood over non-White vertices.
    const regionOpen = this.regionOpen;
    let regions = 0;
    // Per region: bordering chain heads (at most 8 kept; more makes the region unhealthy).
    const borders = this.regionBorders;
    const borderCount = this.regionBorderCount;
    const emptyStart = this.regionEmptyStart;
    const empties = this.regionEmpties;
    let emptyTotal = 0;
    for (let k = 0; k < n; k++) {
      const v = vertices[k];
      if (colors[v] === WHITE || marks[v] === gen) continue;
      if (regions >= 32) return false;
      const r = regions++;
      regionOpen[r] = 0;
      borderCount[r] = 0;
      emptyStart[r] = emptyTotal;
      marks[v] = gen;
      regionOf[v] = r;
      let top = 0;
      stack[top++] = v;
      while (top > 0) {
        const p = stack[--top];
        if (colors[p] === EMPTY) empties[emptyTotal++] = p;
        for (let d = 0; d < 4; d++) {
          const q = p + adj[d];
          const c = colors[q];
          if (c === 3) continue;
          if (c === WHITE) {
            const head = b.chainHead(q);
            const base = r * 8;
            let known = false;
            for (let i = 0; i < borderCount[r]; i++) if (borders[base + i] === head) known = true;
            if (!known) {
              if (borderCount[r] >= 8) regionOpen[r] = 1;
              else borders[base + borderCount[r]++] = head;
            }
            continue;
          }
          if (marks[q] === gen) continue;
          if (!isVertex[q]) {
            regionOpen[r] = 1;
            continue;
          }
          marks[q] = gen;
          regionOf[q] = r;
          stack[top++] = q;
        }
      }
      this.regionEmptyEnd[r] = emptyTotal;
    }
    // Chains: every head bordering some region; alive[] by index into chainHeads.
    const heads = this.bensonHeads;
    let chains = 0;
    const strHead = b.chainHead(str);
    for (let r = 0; r < regions; r++) {
      for (let i = 0; i < borderCount[r]; i++) {
        const h = borders[r * 8 + i];
        let known = false;
        for (let c = 0; c < chains; c++) if (heads[c] === h) known = true;
        if (!known) {
          if (chains >= heads.length) return false;
          heads[chains++] = h;
        }
      }
    }
    // healthy[r * 64 + c]: region r is healthy for chain c.
    const healthy = this.bensonHealthy;
    for (let r = 0; r < regions; r++) {
      for (let c = 0; c < chains; c++) {
        let ok = regionOpen[r] === 0;
        if (ok) {
          const h = heads[c];
          let borders_c = false;
          for (let i = 0; i < borderCount[r]; i++) if (borders[r * 8 + i] === h) borders_c = true;
          ok = borders_c;
          for (let e = emptyStart[r]; e < this.regionEmptyEnd[r] && ok; e++) {
            const p = empties[e];
            let lib = false;
            for (let d = 0; d < 4 && !lib; d++) {
              const q = p + adj[d];
              if (colors[q] === WHITE && b.chainHead(q) === h) lib = true;
            }
            ok = lib;
          }
        }
        healthy[r * 64 + c] = ok ? 1 : 0;
      }
    }
    const chainAlive = this.bensonChainAlive;
    const regionLive = this.bensonRegionLive;
    for (let c = 0; c < chains; c++) chainAlive[c] = 1;
    for (let r = 0; r < regions; r++) regionLive[r] = regionOpen[r] === 0 ? 1 : 0;
    for (;;) {
      let changed = false;
      for (let c = 0; c < chains; c++) {
        if (!chainAlive[c]) continue;
        let vital = 0;
        for (let r = 0; r < regions && vital < 2; r++) if (regionLive[r] && healthy[r * 64 + c]) vital++;
        if (vital < 2) {
          chainAlive[c] = 0;
          changed = true;
          for (let r = 0; r < regions; r++) {
            if (!regionLive[r]) continue;
            for (let i = 0; i < borderCount[r]; i++) {
              if (borders[r * 8 + i] === heads[c]) {
                regionLive[r] = 0;
                break;
              }
            }
          }
        }
      }
      if (!changed) break;
    }
    for (let c = 0; c < chains; c++) if (heads[c] === strHead) return chainAlive[c] === 1;
    return false;
  }
}
