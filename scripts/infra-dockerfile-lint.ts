/**
 * Dockerfile lint (part of infra-docker.ts): dockerfile-utils (the Dockerfile validator behind the
 * Docker language server) plus the house rules, and what a build's context must hold.
 */
import { validate as dockerfileValidate } from 'dockerfile-utils';
import { ancestry, effective, execForm, parseDockerfile, type Stage } from './infra-dockerfile';
import { checkCommand } from './infra-entry-points';

/** Problems dockerfile-utils reports (syntax, flags, ports, durations, duplicate stages, ...). */
export function lintDockerfileSyntax(text: string): string[] {
  return dockerfileValidate(text, {}).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
}

export interface ImageExpectations {
  /** Stages that are shipped images, with what each must run. */
  targets: Record<string, { entry: string[] | 'any'; healthcheck: boolean }>;
}

/**
 * House rules, after hadolint's where it has one: pinned base images (DL3006/DL3007), exec-form
 * CMD (DL3025), a non-root USER in every shipped image (DL3002), `npm ci` not `npm install`,
 * production dependencies only in runtime images, `prisma generate` during the build, a
 * HEALTHCHECK exactly where an HTTP server runs, and commands that name real entry points.
 */
export function lintDockerfileRules(text: string, expect: ImageExpectations): string[] {
  const problems: string[] = [];
  const stages = parseDockerfile(text);
  const names = new Set(stages.map((s) => s.name));
  const args = new Map<string, string>();
  for (const m of text.matchAll(/^ARG\s+(\w+)=(\S+)/gm)) args.set(m[1], m[2]);
  const expand = (s: string) => s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => args.get(a ?? b) ?? '');

  for (const s of stages) {
    if (names.has(s.from)) continue;
    const image = expand(s.from);
    const tag = /^[^@]+:([^/@]+)$/.exec(image)?.[1];
    if (!image.includes('@') && (!tag || tag === 'latest'))
      problems.push(`line ${s.line}: base image ${image} is not pinned to a tag (DL3006/DL3007)`);
  }
  for (const s of stages) {
    for (const ins of s.instructions) {
      if ((ins.keyword === 'CMD' || ins.keyword === 'ENTRYPOINT') && !execForm(ins.args)) {
        problems.push(
          `line ${ins.line}: ${ins.keyword} in shell form; use the JSON exec form so signals reach node (DL3025)`,
        );
      }
      if (ins.keyword === 'RUN' && /\bnpm\s+(install|i)\b/.test(ins.args))
        problems.push(`line ${ins.line}: npm install in an image build; use npm ci`);
      if (ins.keyword === 'ADD' && !/^--/.test(ins.args))
        problems.push(`line ${ins.line}: ADD where COPY does (DL3020)`);
    }
  }
  const runs = (name: string, re: RegExp) =>
    ancestry(stages, name).some((s) => s.instructions.some((i) => i.keyword === 'RUN' && re.test(i.args)));
  for (const [target, want] of Object.entries(expect.targets)) {
    if (!names.has(target)) {
      problems.push(`stage ${target} is missing`);
      continue;
    }
    const user = effective(stages, target, 'USER')?.args;
    if (!user || /^(root|0)(:|$)/.test(user)) problems.push(`image ${target} runs as root (DL3002)`);
    const cmd = effective(stages, target, 'CMD');
    const entry = effective(stages, target, 'ENTRYPOINT');
    const command = cmd ? execForm(cmd.args) : null;
    if (!command) problems.push(`image ${target} has no exec-form CMD`);
    else if (!entry) {
      for (const p of checkCommand(command)) problems.push(`image ${target}: ${p}`);
      if (want.entry !== 'any' && JSON.stringify(command) !== JSON.stringify(want.entry)) {
        problems.push(
          `image ${target} runs ${JSON.stringify(command)}, expected ${JSON.stringify(want.entry)}`,
        );
      }
    }
    const hc = effective(stages, target, 'HEALTHCHECK');
    const hasHc = !!hc && !/^NONE$/i.test(hc.args);
    if (want.healthcheck && !hasHc) problems.push(`image ${target} has no HEALTHCHECK`);
    if (!want.healthcheck && hasHc)
      problems.push(`image ${target} inherits a HEALTHCHECK it cannot pass (no HTTP server)`);
    if (
      !runs(target, /prisma(:|\s+)generate/) &&
      !copiesFrom(stages, target).some((src) => runs(src, /prisma(:|\s+)generate/))
    ) {
      problems.push(`image ${target}: the Prisma client is not generated during the build`);
    }
  }
  // Runtime images take node_modules only from a stage that installed production dependencies.
  for (const target of Object.keys(expect.targets)) {
    if (!names.has(target)) continue;
    const chain = ancestry(stages, target);
    const devTools = chain.some((s) =>
      s.instructions.some(
        (i) =>
          i.keyword === 'RUN' && /\bnpm\s+(ci|install|i)\b/.test(i.args) && !/--omit[= ]dev/.test(i.args),
      ),
    );
    const isMigrate = target === 'migrate';
    if (devTools && !isMigrate) problems.push(`image ${target} contains development dependencies`);
    for (const s of chain) {
      for (const ins of s.instructions.filter((i) => i.keyword === 'COPY' && /node_modules/.test(i.args))) {
        const from = /--from=(\S+)/.exec(ins.args)?.[1];
        const fromOk =
          from &&
          ancestry(stages, from).some((x) =>
            x.instructions.some((i) => i.keyword === 'RUN' && /\bnpm\s+ci\b.*--omit[= ]dev/.test(i.args)),
          );
        if (!fromOk && !isMigrate)
          problems.push(
            `line ${ins.line}: image ${target} copies node_modules from ${from ?? 'the build context'}, not from a production-only install`,
          );
      }
    }
  }
  return problems;
}

/**
 * Every package bin (name -> file relative to the repo) is linked into /usr/local/bin by the
 * stage `target` (or one it builds on) as `/app/<file>`, and that file reaches the image: a
 * COPY of it or of a folder holding it, in the target's chain or in a stage it copies from.
 */
export function binsOnPath(text: string, target: string, bins: Map<string, string>): string[] {
  const stages = parseDockerfile(text);
  const chain = ancestry(stages, target);
  const runs = chain.flatMap((s) => s.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args));
  const copied = [...chain, ...copiesFrom(stages, target).flatMap((n) => ancestry(stages, n))].flatMap((s) =>
    s.instructions
      .filter((i) => i.keyword === 'COPY' && !/--from=/.test(i.args))
      .flatMap((i) =>
        (execForm(i.args) ?? i.args.split(/\s+/)).filter((p) => !p.startsWith('--')).slice(0, -1),
      ),
  );
  const problems: string[] = [];
  for (const [name, file] of bins) {
    const link = new RegExp(
      `ln -s(?:f)? /app/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} /usr/local/bin/${name}(?:\\s|&|$)`,
    );
    if (!runs.some((r) => link.test(r))) problems.push(`bin ${name} is not linked to /usr/local/bin/${name}`);
    if (!copied.some((src) => file === src || file.startsWith(`${src.replace(/\/$/, '')}/`)))
      problems.push(`bin ${name}: ${file} is not copied into the image`);
  }
  return problems;
}

function copiesFrom(stages: Stage[], name: string): string[] {
  return ancestry(stages, name).flatMap((s) =>
    s.instructions.filter((i) => i.keyword === 'COPY').flatMap((i) => /--from=(\S+)/.exec(i.args)?.[1] ?? []),
  );
}

/** Sources that COPY takes from the build context (not from other stages). */
export function contextSources(text: string): string[] {
  return parseDockerfile(text).flatMap((s) =>
    s.instructions
      .filter((i) => i.keyword === 'COPY' && !/--from=/.test(i.args))
      .flatMap((i) => {
        const parts = (execForm(i.args) ?? i.args.split(/\s+/)).filter((p) => !p.startsWith('--'));
        return parts.slice(0, -1);
      }),
  );
}

/**
 * Patterns of a .dockerignore (without negations), and whether a path is excluded by them.
 * Enough for the plain patterns this repository uses: `dir`, `**\/dir`, `*.ext`, `!keep`.
 */
export function dockerignoreExcludes(ignoreText: string, path: string): boolean {
  let excluded = false;
  for (const raw of ignoreText.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    const pattern = (negate ? line.slice(1) : line).replace(/^\/+/, '').replace(/\/+$/, '');
    // `**/` may match nothing, `**` anything, `*` and `?` stay inside one path segment.
    const body = pattern
      .split('**/')
      .map((part) =>
        part
          .split('**')
          .map((p) =>
            p
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]'),
          )
          .join('.*'),
      )
      .join('(?:.*/)?');
    const re = new RegExp(`^${body}(?:/.*)?$`);
    if (re.test(path)) excluded = !negate;
  }
  return excluded;
}
