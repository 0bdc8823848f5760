import { BLACK, EMPTY, WHITE, type Player } from './color';
import { ChainBoard, type BoardOptions } from './chains';
import type { BoardDims } from './geometry';

// Module-local copies of the colour codes, as in chains.ts (imported bindings are getters under tsx).
const EMPTY_ = EMPTY;
const BLACK_ = BLACK;
const WHITE_ = WHITE;

/** First sizes of the undo stack (words) and of its record starts; each doubles when full. */
const REC_WORDS = 1024;
const REC_STARTS = 256;

// Undo record kinds.
const REC_MOVE = 1;
const REC_PASS = 2;

/**
 * Moving the stones of a `ChainBoard` with a record for each move: `playAssumeLegal` and
 * `passRecorded` push a variable-length record on a flat undo stack, `undo` pops one and restores
 * stones, chains, hash, ko and captures exactly. Nothing allocates in the steady state. Legality is
 * `Board`'s (board.ts).
 */
export abstract class PlayUndoBoard extends ChainBoard {
  /**
   * Flat undo stack: variable-length records; `recStarts` holds where each record begins. Both
   * start as views of one backing store (one allocation outside the heap a board, not two); a
   * full one is replaced by an array of its own twice the size.
   */
  private rec: Int32Array;
  private recTop = 0;
  private recStarts: Int32Array;
  private recCount = 0;
  /** Scratch for `undo`: where each removed chain's section starts in the record being undone. */
  private capOffsets = new Int32Array(8);

  protected constructor(dims: BoardDims, options?: BoardOptions) {
    super(dims, options);
    const buffer = new ArrayBuffer((REC_WORDS + REC_STARTS) * 4);
    this.rec = new Int32Array(buffer, 0, REC_WORDS);
    this.recStarts = new Int32Array(buffer, REC_WORDS * 4, REC_STARTS);
  }

  /** Number of recorded moves that `undo` can take back. */
  get undoDepth(): number {
    return this.recCount;
  }

  /** Plays a move already known legal (see `isLegal`), recorded for `undo`. Mutates. */
  playAssumeLegal(p: number, player: Player): void {
    const { colors, head, next, libs, stones, keys } = this;
    const adj = this.geo.adjacent;
    const other = (3 - player) as Player;
    const start = this.beginRecord();
    // Record: kind, p, player, ko, hashLo, hashHi, capBlack, capWhite, then absorbing head with its
    // liberties and size, the merged chains (head, liberties, size), the removed chains (head, colour, n, stones).
    this.push(REC_MOVE);
    this.push(p);
    this.push(player);
    this.push(this.koPoint);
    this.push(this.hashLo);
    this.push(this.hashHi);
    this.push(this.captures[BLACK_]);
    this.push(this.captures[WHITE_]);
    if (this.koPoint !== 0) this.xorKo(this.koPoint);
    this.koPoint = 0;

    colors[p] = player;
    this.hashLo = (this.hashLo ^ keys[p * 4 + player * 2 - 2]) >>> 0;
    this.hashHi = (this.hashHi ^ keys[p * 4 + player * 2 - 1]) >>> 0;
    head[p] = p;
    next[p] = p;
    stones[p] = 1;

    // Pick the largest neighbouring friendly chain to absorb the others (less relabelling).
    let absorb = 0;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (colors[q] === player) {
        const h = head[q];
        if (absorb === 0 || stones[h] > stones[absorb]) absorb = h;
      }
    }
    this.push(absorb);
    this.push(absorb === 0 ? 0 : libs[absorb]);
    this.push(absorb === 0 ? 0 : stones[absorb]);
    const nMergedPos = this.recTop;
    this.push(0);
    let nMerged = 0;
    if (absorb === 0) {
      let n = 0;
      for (let k = 0; k < 4; k++) if (colors[p + adj[k]] === EMPTY_) n++;
      libs[p] = n;
    } else {
      // Splice p into the absorbing chain.
      head[p] = absorb;
      const t = next[absorb];
      next[absorb] = p;
      next[p] = t;
      stones[absorb]++;
      for (let k = 0; k < 4; k++) {
        const q = p + adj[k];
        if (colors[q] !== player) continue;
        const h = head[q];
        if (h === absorb) continue;
        // Merge chain h into absorb: relabel, splice, remember for undo.
        this.push(h);
        this.push(libs[h]);
        this.push(stones[h]);
        nMerged++;
        let s = h;
        do {
          head[s] = absorb;
          s = next[s];
        } while (s !== h);
        const t2 = next[absorb];
        next[absorb] = next[h];
        next[h] = t2;
        stones[absorb] += stones[h];
      }
      this.rec[nMergedPos] = nMerged;
      if (nMerged === 0) {
        // One chain: old liberties minus p plus p's empty neighbours not already adjacent to it.
        let n = libs[absorb] - 1;
        for (let k = 0; k < 4; k++) {
          const e = p + adj[k];
          if (colors[e] !== EMPTY_) continue;
          let known = false;
          for (let j = 0; j < 4; j++) {
            const r = e + adj[j];
            if (r !== p && colors[r] === player && head[r] === absorb) {
              known = true;
              break;
            }
          }
          if (!known) n++;
        }
        libs[absorb] = n;
      } else {
        libs[absorb] = this.countLiberties(absorb);
      }
    }

    // Opponent chains lose liberty p; those left without any are captured.
    const capChainsPos = this.recTop;
    this.push(0);
    let capChains = 0;
    let capturedStones = 0;
    let lastCaptured = 0;
    let done0 = 0;
    let done1 = 0;
    let done2 = 0;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (colors[q] !== other) continue;
      const h = head[q];
      if (h === done0 || h === done1 || h === done2) continue;
      if (k === 0) done0 = h;
      else if (k === 1) done1 = h;
      else done2 = h;
      libs[h]--;
      if (libs[h] === 0) {
        const n = this.removeChain(h, other);
        capChains++;
        capturedStones += n;
        lastCaptured = h;
      }
    }
    this.rec[capChainsPos] = capChains;
    this.captures[player] += capturedStones;

    const myHead = head[p];
    if (libs[myHead] === 0) {
      // Only reachable with allowSuicide: the own chain dies and counts for the opponent.
      const n = this.removeChain(myHead, player);
      this.rec[capChainsPos] = capChains + 1;
      this.captures[other] += n;
    } else if (capturedStones === 1 && stones[myHead] === 1 && libs[myHead] === 1) {
      this.koPoint = lastCaptured;
      this.xorKo(lastCaptured);
    }
    this.endRecord(start);
  }

  /**
   * Removes the chain with head h (colour c): empties its points, updates the hash, gives each
   * distinct adjacent enemy chain one liberty per freed point, and records the stones for undo.
   * Returns the number of stones removed.
   */
  private removeChain(h: number, c: number): number {
    const { colors, next, keys } = this;
    const enemy = 3 - c;
    this.push(h);
    this.push(c);
    const countPos = this.recTop;
    this.push(0);
    let n = 0;
    let s = h;
    do {
      this.push(s);
      colors[s] = EMPTY_;
      this.hashLo = (this.hashLo ^ keys[s * 4 + c * 2 - 2]) >>> 0;
      this.hashHi = (this.hashHi ^ keys[s * 4 + c * 2 - 1]) >>> 0;
      n++;
      s = next[s];
    } while (s !== h);
    this.rec[countPos] = n;
    const base = countPos + 1;
    for (let i = 0; i < n; i++) this.addToNeighbourLiberties(this.rec[base + i], enemy, 1);
    return n;
  }

  /** Passes (mutates): clears the ko point, recorded for `undo`. */
  pass(): void {
    this.passRecorded();
  }

  /** Passes (mutates): clears the ko point and pushes an undo record. */
  passRecorded(): void {
    const start = this.beginRecord();
    this.push(REC_PASS);
    this.push(this.koPoint);
    this.push(this.hashLo);
    this.push(this.hashHi);
    if (this.koPoint !== 0) this.xorKo(this.koPoint);
    this.koPoint = 0;
    this.endRecord(start);
  }

  /** Takes back the last recorded move or pass exactly (stones, chains, hash, ko, captures). Mutates. */
  undo(): void {
    if (this.recCount === 0) throw new Error('undo: no recorded move to take back');
    const start = this.recStarts[--this.recCount];
    const rec = this.rec;
    const kind = rec[start];
    if (kind === REC_PASS) {
      this.koPoint = rec[start + 1];
      this.hashLo = rec[start + 2] >>> 0;
      this.hashHi = rec[start + 3] >>> 0;
      this.recTop = start;
      return;
    }
    const { colors, head, next, libs, stones } = this;
    const p = rec[start + 1];
    const player = rec[start + 2];
    const other = 3 - player;
    // Walk the record forwards to locate the captured-chain section.
    let i = start + 8;
    const absorb = rec[i];
    const libsA = rec[i + 1];
    const sizeA = rec[i + 2];
    const nMerged = rec[i + 3];
    const mergedPos = i + 4;
    i = mergedPos + nMerged * 3;
    const capChains = rec[i++];
    // Gather the captured-chain offsets so they can be restored in reverse order.
    const capPos = i;
    // Restore removed chains in reverse order of removal.
    const offsets = this.capOffsets;
    let j = capPos;
    for (let c = 0; c < capChains; c++) {
      offsets[c] = j;
      j += 3 + rec[j + 2];
    }
    for (let c = capChains - 1; c >= 0; c--) {
      const o = offsets[c];
      const h = rec[o];
      // The opponent's colour, or the player's own after a suicide.
      const color = rec[o + 1];
      const n = rec[o + 2];
      const base = o + 3;
      const enemy = 3 - color;
      for (let k = 0; k < n; k++) {
        const s = rec[base + k];
        colors[s] = color;
        head[s] = h;
        next[s] = rec[base + (k + 1 === n ? 0 : k + 1)];
      }
      stones[h] = n;
      libs[h] = 0;
      for (let k = 0; k < n; k++) this.addToNeighbourLiberties(rec[base + k], enemy, -1);
    }
    // Opponent chains next to p get p back as a liberty.
    this.addToNeighbourLiberties(p, other, 1);
    // Split merged chains off again, newest first (each splice is its own inverse).
    for (let m = nMerged - 1; m >= 0; m--) {
      const o = mergedPos + m * 3;
      const h = rec[o];
      const t = next[absorb];
      next[absorb] = next[h];
      next[h] = t;
      let s = h;
      do {
        head[s] = h;
        s = next[s];
      } while (s !== h);
      libs[h] = rec[o + 1];
      stones[h] = rec[o + 2];
    }
    if (absorb !== 0) {
      // p sits right after absorb in the cycle: unlink it.
      next[absorb] = next[p];
      libs[absorb] = libsA;
      stones[absorb] = sizeA;
    }
    colors[p] = EMPTY_;
    this.koPoint = rec[start + 3];
    this.hashLo = rec[start + 4] >>> 0;
    this.hashHi = rec[start + 5] >>> 0;
    this.captures[BLACK_] = rec[start + 6];
    this.captures[WHITE_] = rec[start + 7];
    this.recTop = start;
  }

  /** Rebuilds the chains from the colours (see ChainBoard) and clears the undo history. Mutates. */
  protected override rebuild(): void {
    this.recTop = 0;
    this.recCount = 0;
    super.rebuild();
  }

  private beginRecord(): number {
    if (this.recCount === this.recStarts.length) {
      const grown = new Int32Array(this.recStarts.length * 2);
      grown.set(this.recStarts);
      this.recStarts = grown;
    }
    return this.recTop;
  }

  private endRecord(start: number): void {
    this.recStarts[this.recCount++] = start;
  }

  private push(v: number): void {
    if (this.recTop === this.rec.length) {
      const grown = new Int32Array(this.rec.length * 2);
      grown.set(this.rec);
      this.rec = grown;
    }
    this.rec[this.recTop++] = v;
  }
}
