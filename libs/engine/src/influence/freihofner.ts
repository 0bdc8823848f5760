import { BLACK, EMPTY, WHITE } from '../board/color';
import type { Geometry } from '../board/geometry';
import { checkPointArray, type ColorPosition } from './position';

// Local copies of the colour codes for hot loops: CommonJS output of some transpilers (tsx, esbuild)
// reads imported bindings through a getter on every access, which costs 4x in these loops.
const EMPTY_CODE: number = EMPTY;
const BLACK_CODE: number = BLACK;
const WHITE_CODE: number = WHITE;

/**
 * Phil Freihofner's linear, edge-reflecting influence (seed 003; the exact rule is in
 * shared/specs/freihofner-influence.md, recovered by fitting the two printed maps).
 *
 * Every stone sends `f(d) = max(0, 9 - d)` to each empty point at path distance `d` through empty
 * points (stones of both colours block), plus one extra term per board edge: the wave may step off
 * the board at an empty edge point `e` and back onto `e` for one step, `d0(s,e) + 1 + d0(e,p)`.
 * No corner (double) reflections. Black counts positive, White negative. Stones get no value.
 */

/** Influence a stone gives its direct neighbours; one less per further step. */
export const FREIHOFNER_PEAK = 8;

const MAX_DIST = FREIHOFNER_PEAK; // f(d) > 0 only for d <= 8
const EDGE_LEFT = 1;
const EDGE_RIGHT = 2;
const EDGE_TOP = 4;
const EDGE_BOTTOM = 8;
const EDGES = [EDGE_LEFT, EDGE_RIGHT, EDGE_TOP, EDGE_BOTTOM] as const;

/**
 * Reusable Freihofner map computer for one geometry: owns its BFS scratch (stamps, distance-bucket
 * queues) so repeated maps allocate nothing. One map at a time per instance.
 */
export class FreihofnerMapper {
  /** The geometry every array passed in must match. */
  readonly geo: Geometry;
  /** Bit set of the edges (left 1, right 2, top 4, bottom 8) each point lies on. */
  private readonly edgeBits: Uint8Array;
  /** Straight distance of each point to the left, right, top and bottom edge, 4 slots per point. */
  private readonly edgeDist: Int32Array;
  /** Generation stamps: a point is visited in the current search iff stamp[p] === gen. */
  private readonly stamp: Int32Array;
  private gen = 0;
  /** Direct search: points in visiting order (nondecreasing distance) and their distances. */
  private readonly order: Int32Array;
  private readonly orderDist: Int32Array;
  /** Reflected search: one bucket of pending points per distance 1..8, flat. */
  private readonly buckets: Int32Array;
  private readonly bucketLen: Int32Array;
  private readonly bucketCap: number;

  /** Creates the scratch for `geo`. */
  constructor(geo: Geometry) {
    this.geo = geo;
    const { width, height } = geo;
    this.edgeBits = new Uint8Array(geo.arraySize);
    this.edgeDist = new Int32Array(4 * geo.arraySize);
    for (const p of geo.points) {
      const x = geo.x(p);
      const y = geo.y(p);
      this.edgeDist.set([x, width - 1 - x, y, height - 1 - y], 4 * p);
      this.edgeBits[p] =
        (x === 0 ? EDGE_LEFT : 0) |
        (x === width - 1 ? EDGE_RIGHT : 0) |
        (y === 0 ? EDGE_TOP : 0) |
        (y === height - 1 ? EDGE_BOTTOM : 0);
    }
    this.stamp = new Int32Array(geo.arraySize);
    this.order = new Int32Array(geo.arraySize);
    this.orderDist = new Int32Array(geo.arraySize);
    // A point enters a bucket at most once per neighbour plus once as an edge seed.
    this.bucketCap = 5 * geo.points.length;
    this.buckets = new Int32Array((MAX_DIST + 1) * this.bucketCap);
    this.bucketLen = new Int32Array(MAX_DIST + 1);
  }

  private nextGen(): number {
    if (this.gen === 0x7fffffff) {
      this.stamp.fill(0);
      this.gen = 0;
    }
    return ++this.gen;
  }

  /**
   * Computes the map of `colors` into `out` (allocated when omitted) and returns it: the summed
   * influence on every empty point, 0 on stones and the border. Reads `colors`, writes only `out`.
   */
  compute(colors: Int8Array, out: Int32Array = new Int32Array(this.geo.arraySize)): Int32Array {
    const geo = this.geo;
    checkPointArray('colors', colors, geo);
    checkPointArray('out', out, geo);
    out.fill(0, 0, geo.arraySize);
    const points = geo.points;
    for (let i = 0; i < points.length; i++) {
      const p = points[i];
      const c = colors[p];
      if (c === BLACK_CODE) this.addStone(colors, p, 1, out);
      else if (c === WHITE_CODE) this.addStone(colors, p, -1, out);
    }
    return out;
  }

  /**
   * Adds to `out` the influence of a stone of sign `sign` (+1 Black, -1 White) at `s`, whatever
   * `colors[s]` holds: the direct term and the four edge-reflected terms, over the EMPTY points of
   * `colors`. Mutates `out` only. `compute` is the sum of this over every stone.
   */
  addStone(colors: Int8Array, s: number, sign: number, out: Int32Array): void {
    const stamp = this.stamp;
    const order = this.order;
    const orderDist = this.orderDist;
    const st = this.geo.stride;
    // Direct term: plain BFS over empty points, radius MAX_DIST.
    let gen = this.nextGen();
    stamp[s] = gen;
    order[0] = s;
    orderDist[0] = 0;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const u = order[head];
      const d = orderDist[head++];
      if (d > 0) out[u] += sign * (MAX_DIST + 1 - d);
      if (d === MAX_DIST) continue;
      const d1 = d + 1;
      let v = u - 1;
      if (colors[v] === EMPTY_CODE && stamp[v] !== gen) {
        stamp[v] = gen;
        order[tail] = v;
        orderDist[tail++] = d1;
      }
      v = u + 1;
      if (colors[v] === EMPTY_CODE && stamp[v] !== gen) {
        stamp[v] = gen;
        order[tail] = v;
        orderDist[tail++] = d1;
      }
      v = u - st;
      if (colors[v] === EMPTY_CODE && stamp[v] !== gen) {
        stamp[v] = gen;
        order[tail] = v;
        orderDist[tail++] = d1;
      }
      v = u + st;
      if (colors[v] === EMPTY_CODE && stamp[v] !== gen) {
        stamp[v] = gen;
        order[tail] = v;
        orderDist[tail++] = d1;
      }
    }
    const reached = tail;
    // Reflected terms, one per edge: a shortest-path search seeded with every reached empty edge
    // point e at d0(s,e) + 1 (off the board and back onto e), then spreading through empty points.
    const buckets = this.buckets;
    const bucketLen = this.bucketLen;
    const cap = this.bucketCap;
    const edgeBits = this.edgeBits;
    const edgeDist = this.edgeDist;
    for (let ei = 0; ei < 4; ei++) {
      // Any path to the edge is at least the straight distance: skip edges out of bounce range.
      if (edgeDist[s * 4 + ei] >= MAX_DIST) continue;
      const edge = EDGES[ei];
      bucketLen.fill(0);
      let seeds = 0;
      for (let i = 1; i < reached; i++) {
        const d = orderDist[i] + 1;
        if (d > MAX_DIST) break; // the visit order is by distance
        const e = order[i];
        if ((edgeBits[e] & edge) !== 0) {
          buckets[d * cap + bucketLen[d]++] = e;
          seeds++;
        }
      }
      if (seeds === 0) continue;
      gen = this.nextGen();
      for (let d = 1; d <= MAX_DIST; d++) {
        const base = d * cap;
        const value = sign * (MAX_DIST + 1 - d);
        // Expansions go to bucket d + 1 only, so bucket d is fixed while it is scanned.
        for (let j = 0; j < bucketLen[d]; j++) {
          const u = buckets[base + j];
          if (stamp[u] === gen) continue; // already settled at a distance <= d
          stamp[u] = gen;
          out[u] += value;
          if (d === MAX_DIST) continue;
          const nb = base + cap;
          let len = bucketLen[d + 1];
          if (colors[u - 1] === EMPTY_CODE && stamp[u - 1] !== gen) buckets[nb + len++] = u - 1;
          if (colors[u + 1] === EMPTY_CODE && stamp[u + 1] !== gen) buckets[nb + len++] = u + 1;
          if (colors[u - st] === EMPTY_CODE && stamp[u - st] !== gen) buckets[nb + len++] = u - st;
          if (colors[u + st] === EMPTY_CODE && stamp[u + st] !== gen) buckets[nb + len++] = u + st;
          bucketLen[d + 1] = len;
        }
      }
    }
  }
}

/**
 * Freihofner map of a position (a `Board` or `{ geo, colors }`) into `out` (allocated when omitted);
 * returns `out`: influence on empty points, positive = Black, 0 on stones. Does not mutate the
 * position. Allocates scratch: use a `FreihofnerMapper` in loops.
 */
export function freihofnerMap(position: ColorPosition, out?: Int32Array): Int32Array {
  return new FreihofnerMapper(position.geo).compute(position.colors, out);
}
