import { BLACK as BLACK_EXPORT, WHITE as WHITE_EXPORT } from '../board/color';
import { BitBoardState } from './bit-state';
import { bitIndex as bitIndexExport } from './bit-topology';

// Local copies: imported bindings may be getters under some module loaders (tsx), far too slow
// in the hot loops.
const BLACK: number = BLACK_EXPORT;
const WHITE: number = WHITE_EXPORT;
const bitIndex = bitIndexExport;

/** Set bits of x counted up to 3. */
const upToThree = (x: number): number => {
  if (x === 0) return 0;
  const y = x & (x - 1);
  return y === 0 ? 1 : (y & (y - 1)) === 0 ? 2 : 3;
};

/**
 * The chain labelling of a BitReadingBoard (see bit-board.ts): from scratch as a flood over the
 * bit sets, or, after a move at a dynamic point that captured no static stone, derived from the
 * labelling before the move (the move's chain merges its friends, the chains next to it or to the
 * stones it captured get new records, every other chain keeps its component). Made lazily, once
 * per position: a position the transposition table knows is never labelled. Component records
 * live in their level's slot (ids (level * comps + local) * 8 in `comp`); `unitComp`, the level's
 * own unit map (a copy of the level below's, then the moved chains rewritten), maps the stones to
 * them, so undo restores the labelling before the move by stepping back a level. The full-board
 * labelling while static stones are captured.
 */
export abstract class BitLabelling extends BitBoardState {
  protected ensureLabels(): void {
    // Booleans compared with true: a bare field in a condition is a generic ToBoolean in V8's
    // optimised code (a dozen instructions), and these are read at every node.
    if (this.labelled === true) return;
    this.labelled = true;
    if (this.staticRemoved > 0) {
      this.boardLabels();
      return;
    }
    const level = this.level;
    this.invKnown[level] = 0;
    const captured = this.stepCap[level];
    if (captured >= 0) this.stepLabels(captured);
    else this.bitLabels();
  }

  /**
   * Writes the component record at `id` (see BitBoardState.comp): the dynamic stones dm, static
   * chains sm, reach and static liberties libs given; the dynamic liberties (the empty points of
   * the reach) and the liberty count up to 3 derived.
   */
  private writeRecord(id: number, dm: number, sm: number, reach: number, libs: number): void {
    const comp = this.comp;
    const libDyn = reach & this.allDyn & ~(this.blackDyn | this.whiteDyn);
    comp[id] = dm;
    comp[id | 1] = sm;
    comp[id | 2] = libDyn;
    comp[id | 3] = libs;
    comp[id | 4] = reach;
    // The liberty count up to 3: the search only asks whether a chain has one, two or three
    // liberties (chainLiberties counts them all).
    const count = upToThree(libDyn) + upToThree(libs);
    comp[id | 5] = count > 3 ? 3 : count;
  }

  /** Points the stones `dm` and static chains `sm` at component c (this level's unit map). */
  private setUnits(dm: number, sm: number, c: number): void {
    // The array in a local: V8 reloads a field's typed array after every store into one.
    const unitComp = this.unitComp;
    for (let x = dm; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      unitComp[bitIndex(bit)] = c;
    }
    const n = this.n;
    for (let x = sm; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      unitComp[n + bitIndex(bit)] = c;
    }
  }

  /** Chains as floods over bit sets: each dynamic stone and static chain is visited once. */
  protected bitLabels(): void {
    const { nbrDyn, nbrStatic, nbrLib, sDyn, sLib, sColor } = this;
    const sBlack = this.sBlack;
    const sWhite = this.sWhite;
    const black = this.blackDyn;
    const white = this.whiteDyn;
    let comps = this.level * this.comps * 8;
    // Seeds: every static chain, then every dynamic stone not reached from one.
    let todoStatic = sBlack | sWhite;
    let todoDyn = black | white;
    while ((todoStatic | todoDyn) !== 0) {
      let dm = 0;
      let sm = 0;
      let color: number;
      if (todoStatic !== 0) {
        sm = todoStatic & -todoStatic;
        color = sColor[bitIndex(sm)];
      } else {
        dm = todoDyn & -todoDyn;
        color = black & dm ? BLACK : WHITE;
      }
      const same = color === BLACK ? black : white;
      const sameStatic = color === BLACK ? sBlack : sWhite;
      let fd = dm;
      let fs = sm;
      let reach = 0;
      let libs = 0;
      while ((fd | fs) !== 0) {
        let nd = 0;
        let ns = 0;
        while (fs !== 0) {
          const bit = fs & -fs;
          fs ^= bit;
          const i = bitIndex(bit);
          nd |= sDyn[i];
          libs |= sLib[i];
        }
        while (fd !== 0) {
          const bit = fd & -fd;
          fd ^= bit;
          const i = bitIndex(bit);
          nd |= nbrDyn[i];
          ns |= nbrStatic[i];
          libs |= nbrLib[i];
        }
        reach |= nd;
        fd = nd & same & ~dm;
        fs = ns & sameStatic & ~sm;
        dm |= fd;
        sm |= fs;
      }
      const c = comps;
      comps += 8;
      this.writeRecord(c, dm, sm, reach, libs);
      todoDyn &= ~dm;
      todoStatic &= ~sm;
      this.setUnits(dm, sm, c);
    }
  }

  /**
   * The labelling of the position after the last move (at a dynamic point, capturing the
   * dynamic stones `captured` and no static stone) from the labelling before it: the same chains
   * as bitLabels' flood; new records only for the move's chain and the chains next to it or to a
   * captured stone (their liberties changed), every other stone keeps its component.
   */
  protected stepLabels(captured: number): void {
    const { n, unitComp, nbrDyn, nbrStatic } = this;
    const { comp } = this;
    // Every unit keeps its component of the level below but those rewritten here.
    unitComp.set(this.unitLevels[this.level - 1]);
    const d = this.dynIndex[this.undoHeads[this.undoTop - 16]];
    const moved = 1 << d;
    const black = this.blackDyn;
    const white = this.whiteDyn;
    const same = (black & moved) !== 0 ? black : white;
    const sameStatic = (black & moved) !== 0 ? this.sBlack : this.sWhite;
    let id = this.level * this.comps * 8;
    // The move's chain: the stone and every friendly chain next to it.
    let dm = moved;
    let sm = 0;
    let reach = nbrDyn[d];
    let libStatic = this.nbrLib[d];
    let todoDyn = reach & same;
    let todoStatic = nbrStatic[d] & sameStatic;
    while ((todoDyn | todoStatic) !== 0) {
      const c =
        todoStatic !== 0
          ? unitComp[n + bitIndex(todoStatic & -todoStatic)]
          : unitComp[bitIndex(todoDyn & -todoDyn)];
      dm |= comp[c];
      sm |= comp[c | 1];
      reach |= comp[c | 4];
      libStatic |= comp[c | 3];
      todoDyn &= ~comp[c];
      todoStatic &= ~comp[c | 1];
    }
    // The other chains next to the move (one liberty less) or to a captured stone (more).
    let nearDyn = nbrDyn[d];
    let nearStatic = nbrStatic[d];
    for (let x = captured; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const i = bitIndex(bit);
      nearDyn |= nbrDyn[i];
      nearStatic |= nbrStatic[i];
    }
    todoDyn = nearDyn & (black | white) & ~dm;
    todoStatic = nearStatic & (this.sBlack | this.sWhite) & ~sm;
    // The move's chain first, then those (one call site each: V8 inlines them once).
    for (;;) {
      this.writeRecord(id, dm, sm, reach, libStatic);
      this.setUnits(dm, sm, id);
      if ((todoDyn | todoStatic) === 0) return;
      id += 8;
      const c =
        todoStatic !== 0
          ? unitComp[n + bitIndex(todoStatic & -todoStatic)]
          : unitComp[bitIndex(todoDyn & -todoDyn)];
      dm = comp[c];
      sm = comp[c | 1];
      reach = comp[c | 4];
      libStatic = comp[c | 3];
      todoDyn &= ~dm;
      todoStatic &= ~sm;
    }
  }
}
