import { BLACK as BLACK_EXPORT, WHITE as WHITE_EXPORT, type Player } from '../board/color';
import { BitLabelling } from './bit-labels';
import { koPointFor, loneStoneKo } from './ko-rule';
import { bitIndex as bitIndexExport } from './bit-topology';

// Local copies: imported bindings may be getters under some module loaders (tsx), far too slow
// in the hot loops.
const BLACK = BLACK_EXPORT as Player;
const WHITE = WHITE_EXPORT as Player;
const bitIndex = bitIndexExport;

/** Set bits of x counted up to 2: fewer operations than a population count. */
const upToTwo = (x: number): number => (x === 0 ? 0 : (x & (x - 1)) === 0 ? 1 : 2);

/**
 * The move-ordering and legality queries of a BitReadingBoard (see bit-board.ts), answered from
 * the chains' bit sets of the current labelling: liberties after a move, suicide, capture, and
 * the points next to an invincible Black chain. Each returns -1 where the bit sets cannot tell
 * cheaply (a point that is not dynamic, static stones captured): the reader then counts on the
 * board. Moves, undo and the exact key live in the subclass.
 */
export abstract class BitBoardQueries extends BitLabelling {
  /** findInvincibleNear's Black chains of two or more liberties (at most one per unit). */
  private readonly blackChains = new Int32Array(this.comps);
  /**
   * Static Black chains invincible in every position: two of their static liberties are walled
   * eyes (see BitBoardState.blackWalledEyes) whose walls all have two static liberties or more.
   * Static liberties are never played, so those walls are never in atari and White can never
   * play those eyes: every chain that holds such a static chain is invincible.
   */
  private readonly alwaysInvincible = ((): number => {
    const { sColor, sLib, libNbrStatic } = this;
    let safe = 0;
    for (let s = 0; s < sColor.length; s++) if (upToTwo(sLib[s]) >= 2) safe |= 1 << s;
    let eyes = 0;
    for (let x = this.blackWalledEyes; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      if ((libNbrStatic[bitIndex(bit)] & ~safe) === 0) eyes |= bit;
    }
    let always = 0;
    for (let s = 0; s < sColor.length; s++) {
      if (sColor[s] === BLACK && upToTwo(sLib[s] & eyes) >= 2) always |= 1 << s;
    }
    return always;
  })();
  /** What the last moveEffect found: the dynamic stones and static chains the move captures. */
  protected effectDyn = 0;
  protected effectStatic = 0;
  /**
   * The position after the move the last peek answered 1 for: its exactVertexKey, ko point and
   * hash, and the dynamic stones the move captures (bit k: the k-th dynamic point).
   */
  peekKey = 0;
  peekKoPoint = 0;
  peekHashLo = 0;
  peekHashHi = 0;
  peekCaptured = 0;
  /** The static chains (bit s: static chain s) the move the last peek answered -2 for captures. */
  peekCapturedStatic = 0;

  /**
   * A move of `player` at the empty point p, looked at without playing it: 1 when legal, the
   * position after it then in peekKey, peekKoPoint, peekHashLo/Hi and peekCaptured (as
   * playRecorded would leave them); 0 when illegal (the ko recapture, suicide); -2 when legal and
   * capturing static stones (the chains in peekCapturedStatic, the dynamic stones in
   * peekCaptured; no key foreseen); -1 when this board cannot tell cheaply (p not dynamic, the
   * exact key not kept, static stones captured): the caller then plays it (on -2 too). The reader
   * probes its table with it before playing.
   */
  peek(p: number, player: Player): number {
    const d = this.dynIndex[p];
    if (d < 0 || this.staticRemoved > 0 || this.exactKey !== true) return -1;
    if (p === koPointFor(this.colors, this.geo.adjacent, this.koPoint, player)) return 0;
    this.ensureLabels();
    if (this.moveEffect(d, player) !== true) return 0;
    const captured = this.effectDyn;
    if (this.effectStatic !== 0) {
      this.peekCaptured = captured;
      this.peekCapturedStatic = this.effectStatic;
      return -2;
    }
    const { keys, pow3, dynPoint } = this;
    const other = 3 - player;
    let key = this.exactVertexKey + player * pow3[d];
    let lo = this.hashLo ^ keys[p * 4 + player * 2];
    let hi = this.hashHi ^ keys[p * 4 + player * 2 + 1];
    if (this.koPoint !== 0) {
      lo ^= this.koKeyLo(this.koPoint);
      hi ^= this.koKeyHi(this.koPoint);
    }
    for (let x = captured; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const i = bitIndex(bit);
      const q = dynPoint[i];
      key -= other * pow3[i];
      lo ^= keys[q * 4 + other * 2];
      hi ^= keys[q * 4 + other * 2 + 1];
    }
    // A ko as playRecorded finds it: one stone captured by a lone stone left with that liberty.
    let ko = 0;
    if (captured !== 0 && (captured & (captured - 1)) === 0) {
      ko = loneStoneKo(this.colors, this.geo.adjacent, p, player, dynPoint[bitIndex(captured)]);
      if (ko !== 0) {
        lo ^= this.koKeyLo(ko);
        hi ^= this.koKeyHi(ko);
      }
    }
    this.peekKey = key;
    this.peekKoPoint = ko;
    this.peekHashLo = lo;
    this.peekHashHi = hi;
    this.peekCaptured = captured;
    return 1;
  }

  /**
   * The captures of a move of `player` at the empty dynamic point d, from the bit labelling:
   * false when the move is suicide, else true with the dynamic stones and static chains it
   * captures in effectDyn and effectStatic.
   */
  protected moveEffect(d: number, player: Player): boolean {
    const black = this.blackDyn;
    const white = this.whiteDyn;
    const near = this.nbrDyn[d];
    const nearStatic = this.nbrStatic[d];
    const { comp, unitComp } = this;
    const n = this.n;
    let hasLiberty = this.nbrLib[d] !== 0 || (near & this.allDyn & ~(black | white)) !== 0;
    const same = player === BLACK ? black : white;
    const sameStatic = player === BLACK ? this.sBlack : this.sWhite;
    for (let x = near & same; x !== 0 && !hasLiberty;) {
      const bit = x & -x;
      x ^= bit;
      if (comp[unitComp[bitIndex(bit)] | 5] > 1) hasLiberty = true;
    }
    for (let x = nearStatic & sameStatic; x !== 0 && !hasLiberty;) {
      const bit = x & -x;
      x ^= bit;
      if (comp[unitComp[n + bitIndex(bit)] | 5] > 1) hasLiberty = true;
    }
    let capDyn = 0;
    let capStatic = 0;
    for (let x = near & (player === BLACK ? white : black); x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const c = unitComp[bitIndex(bit)];
      if (comp[c | 5] !== 1) continue;
      capDyn |= comp[c];
      capStatic |= comp[c | 1];
    }
    for (let x = nearStatic & (player === BLACK ? this.sWhite : this.sBlack); x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const c = unitComp[n + bitIndex(bit)];
      if (comp[c | 5] !== 1) continue;
      capDyn |= comp[c];
      capStatic |= comp[c | 1];
    }
    if (!hasLiberty && (capDyn | capStatic) === 0) return false;
    this.effectDyn = capDyn;
    this.effectStatic = capStatic;
    return true;
  }
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
    const { unitComp, comp } = this;
    const n = this.n;
    const near = this.nbrDyn[d];
    let dyn = near & this.allDyn & ~(black | white);
    let lib = this.nbrLib[d];
    // Two empty neighbours: 2 whatever else (as the reader's count stops there).
    if (upToTwo(dyn) + upToTwo(lib) >= 2) return 2;
    let touch = near;
    for (let x = near & same; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const c = unitComp[bitIndex(bit)];
      if (comp[c | 5] >= 3) return 2;
      dyn |= comp[c | 2];
      lib |= comp[c | 3];
      touch |= comp[c | 4];
    }
    for (let x = this.nbrStatic[d] & sameStatic; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const c = unitComp[n + bitIndex(bit)];
      if (comp[c | 5] >= 3) return 2;
      dyn |= comp[c | 2];
      lib |= comp[c | 3];
      touch |= comp[c | 4];
    }
    // Captured static stones are liberties the masks do not hold: a static chain captured next to
    // p leaves one (its stone next to p); the others (next to a friendly chain) are not counted.
    let staticCaptured = 0;
    for (let x = this.nbrStatic[d] & oppStatic; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      if (comp[unitComp[n + bitIndex(bit)] | 5] === 1) staticCaptured = 1;
    }
    const nextToP = staticCaptured;
    for (let x = near & opp; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const c = unitComp[bitIndex(bit)];
      if (comp[c | 5] !== 1) continue;
      if (comp[c | 1] !== 0) staticCaptured = 1;
      // Captured stones next to p or to a friendly chain become liberties.
      dyn |= comp[c] & touch;
    }
    const count = upToTwo(dyn & ~(1 << d)) + upToTwo(lib) + nextToP;
    // With static stones captured the count may be short of the liberties: exact only at 2.
    if (count >= 2) return 2;
    return staticCaptured !== 0 ? -1 : count;
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
      this.invNear[level] = this.findInvincibleNear();
      this.invKnown[level] = 1;
    }
    return this.invNear[level];
  }

  /** invincibleNear's answer for the labelled position (no static stone captured). */
  private findInvincibleNear(): number {
    const { comp, sLib, libNbrDyn, libNbrStatic, libNbrLib, nbrDyn, nbrStatic, nbrLib } = this;
    const { n, unitComp } = this;
    const chains = this.blackChains;
    const empty = this.allDyn & ~(this.blackDyn | this.whiteDyn);
    let near = 0;
    let todoDyn = this.blackDyn;
    let todoStatic = this.sBlack;
    // The chains that hold an always invincible static chain: invincible, nothing to test.
    for (let x = this.alwaysInvincible; x !== 0;) {
      const c = unitComp[n + bitIndex(x & -x)];
      near |= comp[c | 4];
      todoDyn &= ~comp[c];
      todoStatic &= ~comp[c | 1];
      x &= ~comp[c | 1];
    }
    // Every other Black chain once (a stone or static chain not yet seen names the next), and the
    // static chains in atari among them (none of the chains above is).
    let count = 0;
    let atari = 0;
    while ((todoDyn | todoStatic) !== 0) {
      const c =
        todoStatic !== 0
          ? unitComp[n + bitIndex(todoStatic & -todoStatic)]
          : unitComp[bitIndex(todoDyn & -todoDyn)];
      todoDyn &= ~comp[c];
      todoStatic &= ~comp[c | 1];
      if (comp[c | 5] === 1) atari |= comp[c | 1];
      // One liberty is never two eyes.
      else chains[count++] = c;
    }
    // Static liberties walled by Black static chains, none of them in atari: White cannot play.
    let walled = this.blackWalledEyes;
    for (let x = atari; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      walled &= ~sLib[bitIndex(bit)];
    }
    for (let k = 0; k < count; k++) {
      const c = chains[k];
      const libStatic = comp[c | 3];
      let eyes = upToTwo(libStatic & walled);
      // A liberty with an empty neighbour is no eye: tested here, before the call.
      for (let x = libStatic & ~this.blackWalledEyes; x !== 0 && eyes < 2;) {
        const bit = x & -x;
        x ^= bit;
        const i = bitIndex(bit);
        if (libNbrLib[i] !== 0 || (libNbrDyn[i] & empty) !== 0) continue;
        if (this.suicide(WHITE, libNbrDyn[i], libNbrStatic[i], 0) === true) eyes++;
      }
      for (let x = comp[c | 2]; x !== 0 && eyes < 2;) {
        const bit = x & -x;
        x ^= bit;
        const i = bitIndex(bit);
        if (nbrLib[i] !== 0 || (nbrDyn[i] & empty) !== 0) continue;
        if (this.suicide(WHITE, nbrDyn[i], nbrStatic[i], 0) === true) eyes++;
      }
      if (eyes >= 2) near |= comp[c | 4];
    }
    return near;
  }

  /**
   * Would `color` at the empty dynamic point p be suicide (no liberty, nothing captured)? 1 or 0,
   * or -1 when this board cannot tell cheaply.
   */
  isSuicide(p: number, color: Player): number {
    const d = this.dynIndex[p];
    if (d < 0 || this.staticRemoved > 0) return -1;
    this.ensureLabels();
    return this.suicide(color, this.nbrDyn[d], this.nbrStatic[d], this.nbrLib[d]) === true ? 1 : 0;
  }

  /** Does `color` at the empty dynamic point p capture something? 1 or 0, or -1 (cannot tell). */
  captures(p: number, color: Player): number {
    const d = this.dynIndex[p];
    if (d < 0 || this.staticRemoved > 0) return -1;
    this.ensureLabels();
    const n = this.n;
    const { comp, unitComp } = this;
    for (let x = this.nbrDyn[d] & (color === BLACK ? this.whiteDyn : this.blackDyn); x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      if (comp[unitComp[bitIndex(bit)] | 5] === 1) return 1;
    }
    for (let x = this.nbrStatic[d] & (color === BLACK ? this.sWhite : this.sBlack); x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      if (comp[unitComp[n + bitIndex(bit)] | 5] === 1) return 1;
    }
    return 0;
  }

  /** Would `color` at an empty point with these neighbours be suicide (bit labelling)? */
  protected suicide(color: Player, nbrDyn: number, nbrStatic: number, nbrLib: number): boolean {
    const black = this.blackDyn;
    const white = this.whiteDyn;
    if (nbrLib !== 0 || (nbrDyn & ~(black | white)) !== 0) return false;
    const n = this.n;
    const { comp, unitComp } = this;
    const same = color === BLACK ? black : white;
    const sameStatic = color === BLACK ? this.sBlack : this.sWhite;
    for (let x = nbrDyn; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const libs = comp[unitComp[bitIndex(bit)] | 5];
      if (bit & same ? libs > 1 : libs === 1) return false;
    }
    for (let x = nbrStatic; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const libs = comp[unitComp[n + bitIndex(bit)] | 5];
      if (bit & sameStatic ? libs > 1 : libs === 1) return false;
    }
    return true;
  }
}
