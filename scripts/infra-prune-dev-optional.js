#!/usr/bin/env node
// Run after `npm ci --omit=dev` in the image's prod-deps stage. @prisma/client names `prisma`
// and `typescript` as optional peers, so npm keeps them — and the whole Prisma CLI with its
// config loader — even with --omit=dev; the lockfile marks every such package `devOptional`
// (needed only in development or as an optional peer). The runtime images do not use them
// (migrations run from the separate `migrate` image): remove them, ~120 MB.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
let removed = 0;
for (const [key, entry] of Object.entries(lock.packages ?? {})) {
  if (!entry.devOptional || !key.startsWith('node_modules/')) continue;
  if (fs.existsSync(key)) {
    fs.rmSync(key, { recursive: true, force: true });
    removed++;
  }
}
// Dangling command links of the removed packages.
const bin = path.join('node_modules', '.bin');
for (const name of fs.existsSync(bin) ? fs.readdirSync(bin) : []) {
  const link = path.join(bin, name);
  if (!fs.existsSync(link)) fs.rmSync(link, { force: true });
}
process.stdout.write(`removed ${removed} dev-or-optional-peer packages\n`);
