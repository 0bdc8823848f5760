/** The Dockerfile as stages of instructions, and what a target image inherits (part of infra-docker.ts). */

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  name: string;
  /** Image or stage this one starts from. */
  from: string;
  line: number;
  instructions: Instruction[];
}

/** Splits a Dockerfile into stages of instructions (continuations joined, comments dropped). */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length) {
    const start = i;
    let line = lines[i++];
    if (/^\s*(#|$)/.test(line)) continue;
    while (/\\\s*$/.test(line) && i < lines.length) {
      const next = lines[i++];
      if (/^\s*#/.test(next)) continue;
      line = line.replace(/\\\s*$/, ' ') + next.trim();
    }
    const m = /^\s*(\w+)\s*(.*)$/.exec(line);
    if (!m) continue;
    const ins = { keyword: m[1].toUpperCase(), args: m[2].trim(), line: start + 1 };
    if (ins.keyword === 'FROM') {
      const parts = ins.args.split(/\s+/).filter((p) => !p.startsWith('--'));
      const as = parts.findIndex((p) => p.toLowerCase() === 'as');
      stages.push({
        name: as >= 0 ? parts[as + 1] : String(stages.length),
        from: parts[0],
        line: ins.line,
        instructions: [],
      });
    } else if (stages.length > 0) {
      stages[stages.length - 1].instructions.push(ins);
    }
  }
  return stages;
}

/** The stages a stage builds on, itself first. */
export function ancestry(stages: Stage[], name: string): Stage[] {
  const chain: Stage[] = [];
  let s = stages.find((x) => x.name === name);
  while (s) {
    chain.push(s);
    const parent = s.from;
    s = stages.find((x) => x.name === parent);
  }
  return chain;
}

/** The last value of an instruction that inherits through FROM <stage> (USER, CMD, HEALTHCHECK, ...). */
export function effective(stages: Stage[], name: string, keyword: string): Instruction | undefined {
  for (const s of ancestry(stages, name)) {
    const found = s.instructions.filter((i) => i.keyword === keyword);
    if (found.length > 0) return found[found.length - 1];
  }
  return undefined;
}

/** Exec-form (JSON array) arguments, or null for shell form. */
export function execForm(args: string): string[] | null {
  if (!args.startsWith('[')) return null;
  try {
    const v = JSON.parse(args) as unknown;
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
  } catch {
    return null;
  }
}

/**
 * The environment an image's processes start with: the `ENV` instructions of the target stage
 * and the stages it builds on (`ENV K=V K2=V2` and the legacy `ENV K V`), later ones winning.
 */
export function imageEnv(text: string, target: string): Record<string, string> {
  const env: Record<string, string> = {};
  const chain = ancestry(parseDockerfile(text), target).reverse();
  for (const ins of chain.flatMap((s) => s.instructions.filter((i) => i.keyword === 'ENV'))) {
    const pairs = [...ins.args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S*)/g)];
    if (pairs.length === 0) {
      const m = /^(\w+)\s+(.*)$/.exec(ins.args);
      if (m) env[m[1]] = m[2];
      continue;
    }
    for (const [, k, v] of pairs) env[k] = v.startsWith('"') ? (JSON.parse(v) as string) : v;
  }
  return env;
}
