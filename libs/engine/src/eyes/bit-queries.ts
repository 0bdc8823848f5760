import { BLACK as BLACK_EXPORT, WHITE as WHITE_EXPORT, type Player } from '../board/color';
import { BitBoardState } from './bit-state';
import { bitIndex as bitIndexExport, popcount as popcountExport } from './bit-topology';

// Local copies: imported bindings may be getters under some module loaders (tsx), far too slow
// in the hot loops.
const BLACK = BLACK_EXPORT as Player;
const WHITE = WHITE_EXPORT as Player;
const popcount = popcountExport;
const bitIndex = bitIndexExport;

/**
 * The move-ordering and legality queries of a BitReadingBoard (see bit-board.ts), answered from
 * the chains' bit sets of the current labelling: liberties after a move, suicide, capture, and
 * the points next to an invincible Black chain. Each returns -1 where the bit sets cannot tell
 * cheaply (a point that is not dynamic, static stones captured): the reader then counts on the
 * board. Moves, undo and the exact key live in the subclass.
 */
export abstract class BitBoardQueries extends BitBoardState {
  /**
   * Liberties (counted up to 2) a stone of `color` at the empty dynamic point p would have after
   * its captures, from the chains' bit sets; -1 when this board cannot tell cheaply (p not
   * dynamic, static stones captured or about to be): the caller then counts on the board.
   */
  libertiesAfter(p: number, color: Player): number {
    const d = this.dynIndex[p];
    if (d < 0 || this.staticRemoved > 0) return -1;
    this.ensureLabels();
    const black = this.blackDyn;
    const white = this.whiteDyn;
    const same = color === BLACK ? black : white;
    const opp = color === BLACK ? white : black;
    const sameStatic = color === BLACK ? this.sBlack : this.sWhite;
    const oppStatic = color === BLACK ? this.sWhite : this.sBlack;
    const { compOfDyn, compOfStatic, compLibDyn, compLibStatic, compReach, compLibs } = this;
    const dynBase = this.level * this.n;
    const staticBase = this.level * this.sColor.length;
    const near = this.nbrDyn[d];
    let dyn = near & this.allDyn & ~(black | white);
    let lib = this.nbrLib[d];
    // Two empty neighbours: 2 whatever else (as the reader's count stops there).
    if (popcount(dyn) + popcount(lib) >= 2) return 2;
    let touch = near;
    for (let x = near & same; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const c = compOfDyn[dynBase + bitIndex(bit)];
      if (compLibs[c] >= 3) return 2;
      dyn |= compLibDyn[c];
      lib |= compLibStatic[c];
      touch |= compReach[c];
    }
    for (let x = this.nbrStatic[d] & sameStatic; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const c = compOfStatic[staticBase + bitIndex(bit)];
      if (compLibs[c] >= 3) return 2;
      dyn |= compLibDyn[c];
      lib |= compLibStatic[c];
      touch |= compReach[c];
    }
    for (let x = this.nbrStatic[d] & oppStatic; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      if (compLibs[compOfStatic[staticBase + bitIndex(bit)]] === 1) return -1;
    }
    for (let x = near & opp; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const c = compOfDyn[dynBase + bitIndex(bit)];
      if (compLibs[c] !== 1) continue;
      if (this.compStatic[c] !== 0) return -1;
      // Captured stones next to p or to a friendly chain become liberties.
      dyn |= this.compDyn[c] & touch;
    }
    const count = popcount(dyn & ~(1 << d)) + popcount(lib);
    return count > 2 ? 2 : count;
  }

  /**
   * 1 when the empty dynamic point p touches an invincible Black chain (one with at least two
   * liberties White cannot play, suicide being judged as the reader does), 0 when not, -1 when
   * this board cannot tell cheaply. Computed once per position.
   */
  touchesInvincibleBlack(p: number): number {
    const d = this.dynIndex[p];
    if (d < 0 || this.staticRemoved > 0) return -1;
    return (this.invincibleNear() >>> d) & 1;
  }

  /**
   * The dynamic points (bit k: the k-th dynamic point) next to an invincible Black chain, or -1
   * when this board cannot tell cheaply (static stones captured).
   */
  invincibleNear(): number {
    if (this.staticRemoved > 0) return -1;
    this.ensureLabels();
    const level = this.level;
    if (this.invKnown[level] === 0) {
      let near = 0;
      const base = level * this.comps;
      const end = this.compEnd[level];
      const { compDyn, compStatic, compLibDyn, compLibStatic, compLibs, compReach } = this;
      const { nbrDyn, nbrStatic, nbrLib, libNbrDyn, libNbrStatic, libNbrLib } = this;
      const blackDyn = this.blackDyn;
      const sBlack = this.sBlack;
      const pureEyes = this.pureBlackEyes;
      for (let c = base; c < end; c++) {
        if ((compDyn[c] & blackDyn) === 0 && (compStatic[c] & sBlack) === 0) continue;
        const libStatic = compLibStatic[c];
        const pure = libStatic & pureEyes;
        let eyes = compLibs[c] === 1 ? 0 : popcount(pure);
        for (let x = libStatic & ~pure; x !== 0 && eyes < 2;) {
          const bit = x & -x;
          x ^= bit;
          const i = bitIndex(bit);
          if (this.suicide(WHITE, libNbrDyn[i], libNbrStatic[i], libNbrLib[i])) eyes++;
        }
        for (let x = compLibDyn[c]; x !== 0 && eyes < 2;) {
          const bit = x & -x;
          x ^= bit;
          const i = bitIndex(bit);
          if (this.suicide(WHITE, nbrDyn[i], nbrStatic[i], nbrLib[i])) eyes++;
        }
        if (eyes >= 2) near |= compReach[c];
      }
      this.invNear[level] = near;
      this.invKnown[level] = 1;
    }
    return this.invNear[level];
  }

  /**
   * Would `color` at the empty dynamic point p be suicide (no liberty, nothing captured)? 1 or 0,
   * or -1 when this board cannot tell cheaply.
   */
  isSuicide(p: number, color: Player): number {
    const d = this.dynIndex[p];
    if (d < 0 || this.staticRemoved > 0) return -1;
    this.ensureLabels();
    return this.suicide(color, this.nbrDyn[d], this.nbrStatic[d], this.nbrLib[d]) ? 1 : 0;
  }

  /** Does `color` at the empty dynamic point p capture something? 1 or 0, or -1 (cannot tell). */
  captures(p: number, color: Player): number {
    const d = this.dynIndex[p];
    if (d < 0 || this.staticRemoved > 0) return -1;
    this.ensureLabels();
    const dynBase = this.level * this.n;
    const staticBase = this.level * this.sColor.length;
    const { compLibs, compOfDyn, compOfStatic } = this;
    for (let x = this.nbrDyn[d] & (color === BLACK ? this.whiteDyn : this.blackDyn); x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      if (compLibs[compOfDyn[dynBase + bitIndex(bit)]] === 1) return 1;
    }
    for (let x = this.nbrStatic[d] & (color === BLACK ? this.sWhite : this.sBlack); x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      if (compLibs[compOfStatic[staticBase + bitIndex(bit)]] === 1) return 1;
    }
    return 0;
  }

  /** Would `color` at an empty point with these neighbours be suicide (bit labelling)? */
  protected suicide(color: Player, nbrDyn: number, nbrStatic: number, nbrLib: number): boolean {
    const black = this.blackDyn;
    const white = this.whiteDyn;
    if (nbrLib !== 0 || (nbrDyn & ~(black | white)) !== 0) return false;
    const dynBase = this.level * this.n;
    const staticBase = this.level * this.sColor.length;
    const { compLibs, compOfDyn, compOfStatic } = this;
    const same = color === BLACK ? black : white;
    const sameStatic = color === BLACK ? this.sBlack : this.sWhite;
    for (let x = nbrDyn; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const libs = compLibs[compOfDyn[dynBase + bitIndex(bit)]];
      if (bit & same ? libs > 1 : libs === 1) return false;
    }
    for (let x = nbrStatic; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const libs = compLibs[compOfStatic[staticBase + bitIndex(bit)]];
      if (bit & sameStatic ? libs > 1 : libs === 1) return false;
    }
    return true;
  }
}
