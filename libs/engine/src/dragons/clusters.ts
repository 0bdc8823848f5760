import type { Geometry } from '../board/geometry';

/**
 * Clusters of weak groups read as one dragon (dragons/refine.ts): same colour, two of their stones at
 * most `distance` apart (Manhattan), and, when `holds` is given, connected by those two stones as the
 * connection reading says (`holds(p, q)`: the opponent cannot cut p from q). Returns the stones of
 * each group's cluster, sorted, shared by the cluster's members. Pure apart from `holds`.
 */
export function clusterWeakGroups<G extends { color: number; stones: number[] }>(
  geo: Geometry,
  weak: readonly G[],
  distance: number,
  holds: ((p: number, q: number) => boolean) | null,
): Map<G, number[]> {
  const joined = (a: G, b: G): boolean =>
    a.stones.some((p) =>
      b.stones.some(
        (q) =>
          Math.abs(geo.x(p) - geo.x(q)) + Math.abs(geo.y(p) - geo.y(q)) <= distance &&
          (!holds || holds(p, q)),
      ),
    );
  const parent = weak.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < weak.length; i++)
    for (let j = i + 1; j < weak.length; j++)
      if (weak[i].color === weak[j].color && find(i) !== find(j) && joined(weak[i], weak[j]))
        parent[find(i)] = find(j);
  // Each cluster's stones, sorted once, shared by its members.
  const members = new Map<number, number[]>();
  weak.forEach((g, i) => {
    const r = find(i);
    const list = members.get(r) ?? [];
    list.push(...g.stones);
    members.set(r, list);
  });
  for (const list of members.values()) list.sort((a, b) => a - b);
  return new Map(weak.map((g, i) => [g, members.get(find(i))!]));
}
