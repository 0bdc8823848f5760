/**
 * Bundles the viewer (src/main.tsx, Preact + @sabaki/shudan) with esbuild into the api's dist, where
 * the api serves it at /viewer: apps/api/dist/public/viewer/{index.html,app.js,app.css}. Part of
 * `npm run build`, so a fresh clone and the container image get it; the output is not committed.
 *   npx tsx apps/viewer/build.ts [--watch]
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as esbuild from 'esbuild';

const HERE = __dirname;
export const VIEWER_OUT_DIR = resolve(HERE, '../api/dist/public/viewer');

async function main(): Promise<void> {
  // Hashed asset names change with their content: start empty so no stale file is served.
  rmSync(VIEWER_OUT_DIR, { recursive: true, force: true });
  mkdirSync(VIEWER_OUT_DIR, { recursive: true });
  const options: esbuild.BuildOptions = {
    entryPoints: { app: resolve(HERE, 'src/main.tsx') },
    outdir: VIEWER_OUT_DIR,
    bundle: true,
    minify: true,
    sourcemap: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    // @sabaki/sgf reads files and decodes byte buffers with these; the viewer parses text only.
    alias: Object.fromEntries(
      ['fs', 'iconv-lite', 'jschardet'].map((m) => [m, resolve(HERE, 'src/shims/empty.ts')]),
    ),
    define: { 'process.env.NODE_ENV': '"production"' },
    // Shudan's board texture and stone pictures, emitted beside the bundle.
    loader: { '.png': 'file', '.svg': 'file' },
    assetNames: '[name]-[hash]',
    publicPath: '/viewer/',
    logLevel: 'warning',
  };
  writeFileSync(resolve(VIEWER_OUT_DIR, 'index.html'), readFileSync(resolve(HERE, 'index.html'), 'utf8'));
  if (process.argv.includes('--watch')) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
    console.log(`viewer: watching, output in ${VIEWER_OUT_DIR}`);
    return;
  }
  const result = await esbuild.build({ ...options, metafile: true });
  const bytes = Object.values(result.metafile?.outputs ?? {}).reduce((s, o) => s + o.bytes, 0);
  console.log(`viewer: bundled into ${VIEWER_OUT_DIR} (${Math.round(bytes / 1024)} kB with source maps)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
