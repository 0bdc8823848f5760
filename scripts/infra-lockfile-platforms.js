#!/usr/bin/env node
// Adds to package-lock.json the entries of platform-specific optional packages (e.g.
// @swc/core-darwin-arm64) that `npm install` could not record because the registry these
// machines reach does not serve them. Without those entries `npm ci` refuses the lockfile
// ("Missing: @swc/core-darwin-arm64@ from lock file") — on a fresh clone and in image builds.
// The entries carry os/cpu (read from the package name), so npm skips them on other
// platforms without fetching anything; on a matching platform npm fetches them as usual.
// Idempotent; `npm install` keeps the entries once they are there.
//   node scripts/infra-lockfile-platforms.js && npm ci --dry-run
//   node scripts/infra-lockfile-platforms.js --check   (exit 1 and list them if any is missing)
'use strict';
const fs = require('node:fs');

const check = process.argv.includes('--check');
const file = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;
const PLATFORM =
  /[-/](darwin|linux|win32|freebsd|android|openbsd|sunos|aix)-(x64|arm64|arm|ia32|ppc64|s390x|riscv64|loong64|mips64el|wasm32)(?:-(gnu|gnueabihf|musl|msvc|eabi))?$/;
const added = [];
const unknown = [];

for (const [key, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    // Where npm would place it: next to the parent, or hoisted to the root.
    const nested = `${key ? `${key}/` : ''}node_modules/${dep}`;
    if (packages[nested] || packages[`node_modules/${dep}`]) continue;
    const m = PLATFORM.exec(dep);
    if (!m) {
      unknown.push(dep);
      continue;
    }
    const [, os, cpu, abi] = m;
    const e = { version, cpu: [cpu], optional: true, os: [os] };
    if (entry.dev) e.dev = true;
    if (entry.license) e.license = entry.license;
    if (os === 'linux' && abi) e.libc = [abi === 'musl' ? 'musl' : 'glibc'];
    packages[`node_modules/${dep}`] = e;
    added.push(`${dep}@${version}`);
  }
}
if (check) {
  const missing = [...added.map((d) => `${d} (platform package)`), ...unknown];
  if (missing.length) {
    process.stderr.write(
      `package-lock.json lacks optional packages npm ci requires: ${missing.join(', ')}\n`,
    );
    process.stderr.write('fix: node scripts/infra-lockfile-platforms.js\n');
    process.exit(1);
  }
  process.stdout.write('package-lock.json has every optional package entry\n');
  process.exit(0);
}
// The order npm writes (root entry first: '' sorts before every path).
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, 'en')));
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(
  `added ${added.length} platform entries${added.length ? `: ${added.join(', ')}` : ''}\n`,
);
if (unknown.length) process.stdout.write(`not platform packages, left missing: ${unknown.join(', ')}\n`);
