import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const GTP = resolve(__dirname, '../../src/gtp');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Relative imports (type-only ones too) of a file that stay inside src/gtp, as absolute paths. */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:import|export)[^'";]*?from\s+'(\.[^']+)'/g)) {
    let target = resolve(dirname(file), m[1]);
    if (!target.startsWith(GTP)) continue;
    target = statSyncSafe(target + '.ts') ? target + '.ts' : join(target, 'index.ts');
    out.push(target);
  }
  return out;
}

function statSyncSafe(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The first import cycle found among `nodes`, as a list of files, or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string): string[] | null => {
    if (state.get(n) === 'done') return null;
    if (state.get(n) === 'open') return [...stack.slice(stack.indexOf(n)), n];
    state.set(n, 'open');
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      const c = visit(m);
      if (c) return c;
    }
    stack.pop();
    state.set(n, 'done');
    return null;
  };
  for (const n of graph.keys()) {
    const c = visit(n);
    if (c) return c;
  }
  return null;
}

describe('GTP front imports', () => {
  it('has no import circle (command families import GtpHandler from handler.ts, not registry.ts)', () => {
    const graph = new Map(files(GTP).map((f) => [f, imports(f)]));
    expect(graph.get(join(GTP, 'registry.ts'))).toContain(join(GTP, 'commands/index.ts'));
    const cycle = findCycle(graph);
    expect(cycle && cycle.map((f) => f.slice(GTP.length + 1))).toBeNull();
    // The detector sees a circle when there is one.
    const circular = new Map(graph);
    circular.set(join(GTP, 'commands/core.ts'), [join(GTP, 'registry.ts')]);
    expect(findCycle(circular)).not.toBeNull();
  });
});
