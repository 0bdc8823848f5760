import { buildSync } from 'esbuild';
import { readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The eye-graph module's exports the benchmark uses. */
export type EyeReaderModule = typeof import('../../libs/engine/src/eyes');

/**
 * How the benchmark loads the eye reader. The same source reads at different speeds depending on
 * how its modules are linked (measured 2026-11-29 on seed 11's 10-point shapes, ours / GNU Go's CPU:
 * a one-file bundle of a per-shape script 0.84-0.96x, dist 0.98-1.00x, src 1.02-1.08x; this
 * bench's bundle of the eyes module 1.02-1.05x; see bench/README.md):
 * - `dist`: the build's CommonJS output (`tsc -b tsconfig.build.json`), what the api's workers run;
 *   refused when a source file of the engine is newer than its output (build first).
 * - `bundle`: the source bundled into one scope by esbuild (as the callgrind recipe does).
 * - `src`: the TypeScript source through tsx's loader, whose per-module exports are getters.
 */
export type EyeReaderKind = 'dist' | 'bundle' | 'src';

const ENGINE = resolve(__dirname, '../../libs/engine');
/** Loads a module at run time (the kind is chosen on the command line). */
const load = createRequire(__filename);

/** Engine sources newer than their build output (only the directories the eye reader imports). */
function staleOutputs(): string[] {
  const stale: string[] = [];
  for (const dir of ['eyes', 'board']) {
    for (const name of readdirSync(join(ENGINE, 'src', dir))) {
      if (!name.endsWith('.ts')) continue;
      const src = statSync(join(ENGINE, 'src', dir, name)).mtimeMs;
      let out = 0;
      try {
        out = statSync(join(ENGINE, 'dist', dir, name.replace(/\.ts$/, '.js'))).mtimeMs;
      } catch {
        // no output for this source
      }
      if (out < src) stale.push(`${dir}/${name}`);
    }
  }
  return stale;
}

/** The eye reader loaded as `kind` says; exits with status 2 when `dist` is out of date. */
export function loadEyeReader(kind: EyeReaderKind): EyeReaderModule {
  if (kind === 'src') return load(join(ENGINE, 'src/eyes')) as EyeReaderModule;
  if (kind === 'dist') {
    const stale = staleOutputs();
    if (stale.length > 0) {
      process.stderr.write(
        `bench:eyes: libs/engine/dist is older than ${stale.slice(0, 3).join(', ')}: ` +
          'run `npx tsc -b tsconfig.build.json` or pass --reader bundle\n',
      );
      process.exit(2);
    }
    return load(join(ENGINE, 'dist/eyes')) as EyeReaderModule;
  }
  const out = join(tmpdir(), `moyo-eyes-bench-${process.pid}.cjs`);
  const { outputFiles } = buildSync({
    entryPoints: [join(ENGINE, 'src/eyes/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
  });
  writeFileSync(out, outputFiles[0].text);
  try {
    return load(out) as EyeReaderModule;
  } finally {
    unlinkSync(out); // loaded: the file is no longer needed
  }
}
