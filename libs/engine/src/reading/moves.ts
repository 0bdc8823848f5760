import { MoveFlag, type Board } from '../board/board';
import { EMPTY, type Player } from '../board/color';

/** Up to which depth (plies from the question) each family of candidate moves is generated. */
export interface MoveGenDepths {
  /** Points next to the liberties of a two-liberty string (nets, hane, second-order liberties). */
  readonly secondOrderTwo: number;
  /** The same for a three-liberty string (nets against three liberties are expensive). */
  readonly secondOrderThree: number;
  /**
   * Below this depth the attacker's blocks against a three-liberty string: the points next to its
   * liberties that touch an attacker stone (a hane that extends the wall, as along the edge).
   */
  readonly blockThree: number;
  /** The defender's ataris on attacking strings of two liberties (breaking the chain around it). */
  readonly breakChainTwo: number;
  /** The defender's moves on the liberties of attacking strings of three liberties. */
  readonly breakChainThree: number;
  /** Near the root: the defender's moves on the liberties of attacking strings of four liberties. */
  readonly breakChainFour: number;
  /** The defender saves its other strings in atari next to short attacking strings around s. */
  readonly friendRescue: number;

  /**
   * The attacker's rescue of its own two-liberty strings next to the target (extending, or
   * attacking a defender string of up to three liberties next to them).
   */
  readonly rescueTwo: number;
  /** The attacker's rescue of its weak strings next to the target's liberties (the net around it). */
  readonly netRescue: number;
  /**
   * The defender's moves around its liberties: the liberties of friendly strings next to them
   * (connecting through a liberty, GNU Go's superstring) and ataris on attacking strings of up to
   * two liberties next to them.
   */
  readonly superstring: number;
  /** The attacker's moves on the liberties of the defender's strings next to the liberties. */
  readonly superstringAttack: number;
}

/**
 * Candidate moves of tactical reading (GNU Go's reading as the model, from its documentation):
 * what the attacker tries against a string and what its owner tries to save it. Moves are written
 * into `out` without duplicates, in generation order; ordering and legality are the reader's job.
 * Uses scratch buffers only (no allocation per call).
 */
export class TacticalMoves {
  private readonly seen: Int32Array;
  private readonly seenChain: Int32Array;
  private gen = 0;
  private readonly libs = new Int32Array(512);
  private readonly other = new Int32Array(512);
  private readonly other2 = new Int32Array(512);
  private readonly stones: Int32Array;
  private readonly stones2: Int32Array;
  private readonly stones3: Int32Array;
  private count = 0;
  private out: Int32Array = new Int32Array(0);

  constructor(
    private readonly board: Board,
    private readonly depths: MoveGenDepths,
  ) {
    this.seen = new Int32Array(board.geo.arraySize);
    this.seenChain = new Int32Array(board.geo.arraySize);
    this.stones = new Int32Array(board.geo.arraySize);
    this.stones2 = new Int32Array(board.geo.arraySize);
    this.stones3 = new Int32Array(board.geo.arraySize);
  }

  private begin(out: Int32Array): void {
    this.gen++;
    this.count = 0;
    this.out = out;
  }

  private add(m: number): void {
    if (this.board.colors[m] !== EMPTY || this.seen[m] === this.gen || this.count >= this.out.length) return;
    this.seen[m] = this.gen;
    this.out[this.count++] = m;
  }

  /** Adds the empty neighbours of p. */
  private addNeighbours(p: number): void {
    const adj = this.board.geo.adjacent;
    for (let k = 0; k < 4; k++) this.add(p + adj[k]);
  }

  /** Adds the empty neighbours of the liberty l that touch a stone of `player` (blocks, hane). */
  private addBlocks(l: number, player: Player): void {
    const b = this.board;
    const adj = b.geo.adjacent;
    for (let k = 0; k < 4; k++) {
      const q = l + adj[k];
      if (b.colors[q] !== EMPTY) continue;
      for (let j = 0; j < 4; j++) {
        if (b.colors[q + adj[j]] === player) {
          this.add(q);
          break;
        }
      }
    }
  }

  /** Adds every liberty of the chain at p (through the `other2` buffer). */
  private addLiberties(p: number): void {
    const n = this.board.chainLibertyPoints(p, this.other2);
    for (let i = 0; i < n; i++) this.add(this.other2[i]);
  }

  /**
   * Calls `visit(head)` once per chain of `color` next to the chain at s (stones in `stones`,
   * `ns` of them).
   */
  private forNeighbourChains(
    stones: Int32Array,
    ns: number,
    color: number,
    visit: (q: number) => void,
  ): void {
    const { colors } = this.board;
    const adj = this.board.geo.adjacent;
    const gen = this.gen;
    for (let i = 0; i < ns; i++) {
      for (let k = 0; k < 4; k++) {
        const q = stones[i] + adj[k];
        if (colors[q] !== color) continue;
        const h = this.board.chainHead(q);
        if (this.seenChain[h] === gen) continue;
        this.seenChain[h] = gen;
        visit(q);
      }
    }
  }

  /**
   * The attacker's candidates against the string at s (n liberties, depth plies deep): its
   * liberties; approach moves next to a liberty the attacker cannot fill directly (illegal or
   * self-atari); on two (three, near the root) liberties the points next to the liberties (nets);
   * rescuing the attacker's own strings in atari next to s (extending, or capturing their capturer).
   */
  attackMoves(s: number, attacker: Player, n: number, depth: number, out: Int32Array): number {
    const b = this.board;
    this.begin(out);
    const libs = this.libs;
    const nl = b.chainLibertyPoints(s, libs);
    for (let i = 0; i < nl; i++) this.add(libs[i]);
    for (let i = 0; i < nl; i++) {
      const f = b.analyzeMove(libs[i], attacker);
      if (f & MoveFlag.Illegal || (f & MoveFlag.SelfAtari && !(f & MoveFlag.Capturing)))
        this.addNeighbours(libs[i]);
    }
    const d = this.depths;
    if ((n === 2 && depth < d.secondOrderTwo) || (n === 3 && depth < d.secondOrderThree)) {
      for (let i = 0; i < nl; i++) this.addNeighbours(libs[i]);
    } else if (n === 3 && depth < d.blockThree) {
      for (let i = 0; i < nl; i++) this.addBlocks(libs[i], attacker);
    }
    if (depth < d.superstringAttack) this.aroundLiberties(s, (3 - attacker) as Player, nl, false, depth);
    // The attacker's own strings next to s in atari: save them, or the defender gains liberties.
    const ns = b.chainStones(s, this.stones);
    this.forNeighbourChains(this.stones, ns, attacker, (q) => this.rescue(q, s, attacker, depth));
    return this.count;
  }

  /**
   * Saving the attacker's string at q (one liberty, or two below `rescueTwo`): its liberties, and
   * the liberties of defender strings next to it that it could capture (in atari, or up to three
   * liberties for a two-liberty string), s itself excepted.
   */
  private rescue(q: number, s: number, attacker: Player, depth: number): void {
    const b = this.board;
    const ql = b.chainLiberties(q);
    if (ql > 2 || (ql === 2 && depth >= this.depths.rescueTwo)) return;
    this.addLiberties(q);
    const m = b.chainStones(q, this.stones2);
    const gen = this.gen;
    const sHead = b.chainHead(s);
    const defender = 3 - attacker;
    const most = ql === 1 ? 1 : 3;
    for (let i = 0; i < m; i++) {
      for (let k = 0; k < 4; k++) {
        const r = this.stones2[i] + b.geo.adjacent[k];
        if (b.colors[r] !== defender) continue;
        const h = b.chainHead(r);
        if (h === sHead || b.chainLiberties(r) > most || this.seenChain[h] === -gen) continue;
        this.seenChain[h] = -gen;
        this.addLiberties(r);
      }
    }
  }

  /**
   * The defender's candidates for the string at s (n liberties): captures of attacking strings
   * in atari next to it, ataris of those with two liberties (and, near the root, moves on those
   * with three), its liberties, and with two (three near the root) liberties the points next to
   * them (second-order liberties, hane, backfilling).
   */
  defenseMoves(s: number, color: Player, n: number, depth: number, out: Int32Array): number {
    const b = this.board;
    this.begin(out);
    const d = this.depths;
    const ns = b.chainStones(s, this.stones);
    const enemy = 3 - color;
    this.forNeighbourChains(this.stones, ns, enemy, (q) => {
      const ql = b.chainLiberties(q);
      if (
        ql === 1 ||
        (ql === 2 && n >= 2 && depth < d.breakChainTwo) ||
        (ql === 3 && n >= 2 && depth < d.breakChainThree) ||
        (ql === 4 && n >= 3 && depth < d.breakChainFour)
      ) {
        this.addLiberties(q);
        // A liberty of a short attacking string the defender cannot fill: approach it first.
        if (ql <= 2) this.approach(q, color, true);
      }
      if (ql <= 2 && depth < d.friendRescue) this.rescueFriends(q, s, color);
    });
    const libs = this.libs;
    const nl = b.chainLibertyPoints(s, libs);
    for (let i = 0; i < nl; i++) this.add(libs[i]);
    if ((n === 2 && depth < d.secondOrderTwo) || (n === 3 && depth < d.secondOrderThree)) {
      for (let i = 0; i < nl; i++) this.addNeighbours(libs[i]);
    }
    if (depth < d.superstring) this.aroundLiberties(s, color, nl, true, depth);
    return this.count;
  }

  /** Superstring liberties and ataris next to the liberties (this.libs holds s's nl liberties). */
  private aroundLiberties(s: number, color: Player, nl: number, ataris: boolean, depth: number): void {
    const b = this.board;
    const adj = b.geo.adjacent;
    const sHead = b.chainHead(s);
    const gen = ++this.gen;
    // A fresh generation for chains; keep the move marks of the current list valid.
    for (let i = 0; i < this.count; i++) this.seen[this.out[i]] = gen;
    for (let i = 0; i < nl; i++) {
      for (let k = 0; k < 4; k++) {
        const q = this.libs[i] + adj[k];
        const c = b.colors[q];
        if (c !== 1 && c !== 2) continue;
        const h = b.chainHead(q);
        if (h === sHead || this.seenChain[h] === gen) continue;
        this.seenChain[h] = gen;
        const ql = b.chainLiberties(q);
        if (c === color ? ql <= 4 : ataris && ql <= 2) this.addLiberties(q);
        if (c === color && !ataris && ql <= 2) this.approach(q, (3 - color) as Player);
        // The attacker's weak strings next to the liberties (the net around s): keep them alive.
        if (c !== color && !ataris && depth < this.depths.netRescue)
          this.rescue(q, s, (3 - color) as Player, depth);
        if (c === color && ataris) this.capturesNextTo(q, color, gen);
      }
    }
  }

  /** Approach moves next to the liberties of the chain at q that `player` cannot fill directly. */
  private approach(q: number, player: Player, shorten = false): void {
    const b = this.board;
    const n = b.chainLibertyPoints(q, this.other);
    for (let i = 0; i < n; i++) {
      const l = this.other[i];
      const f = b.analyzeMove(l, player);
      if (f & MoveFlag.Illegal || (f & MoveFlag.SelfAtari && !(f & MoveFlag.Capturing))) {
        this.addNeighbours(l);
        // The opponent's short strings that make the point hard to fill: shorten them first.
        for (let k = 0; k < 4; k++) {
          const r = l + b.geo.adjacent[k];
          if (
            shorten &&
            b.colors[r] === 3 - player &&
            r !== q &&
            b.chainHead(r) !== b.chainHead(q) &&
            b.chainLiberties(r) === 2
          )
            this.addLiberties(r);
        }
      }
    }
  }

  /**
   * The defender's strings in atari next to the attacking chain at q (s excepted): saving them
   * keeps q short of liberties (their liberty, and captures of enemy strings in atari next to them).
   */
  private rescueFriends(q: number, s: number, color: Player): void {
    const b = this.board;
    const adj = b.geo.adjacent;
    const sHead = b.chainHead(s);
    const m = b.chainStones(q, this.stones2);
    for (let i = 0; i < m; i++) {
      for (let k = 0; k < 4; k++) {
        const r = this.stones2[i] + adj[k];
        if (b.colors[r] !== color || b.chainLiberties(r) !== 1) continue;
        const h = b.chainHead(r);
        if (h === sHead) continue;
        this.addLiberties(r);
        this.capturesAround(r, color);
      }
    }
  }

  /** Adds the capture of every enemy string in atari next to the chain at r (no chain marks). */
  private capturesAround(r: number, color: Player): void {
    const b = this.board;
    const adj = b.geo.adjacent;
    const m = b.chainStones(r, this.stones3);
    for (let i = 0; i < m; i++) {
      for (let k = 0; k < 4; k++) {
        const e = this.stones3[i] + adj[k];
        if (b.colors[e] === 3 - color && b.chainLiberties(e) === 1) this.addLiberties(e);
      }
    }
  }

  /** Adds the capture of every enemy string in atari next to the friendly chain at q. */
  private capturesNextTo(q: number, color: Player, gen: number): void {
    const b = this.board;
    const adj = b.geo.adjacent;
    const m = b.chainStones(q, this.stones2);
    for (let i = 0; i < m; i++) {
      for (let k = 0; k < 4; k++) {
        const r = this.stones2[i] + adj[k];
        if (b.colors[r] !== 3 - color || b.chainLiberties(r) !== 1) continue;
        const h = b.chainHead(r);
        if (this.seenChain[h] === gen) continue;
        this.seenChain[h] = gen;
        this.addLiberties(r);
      }
    }
  }
}
