import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// `prisma migrate deploy` (the schema engine) splits a migration at every semicolon, comments
// included: a semicolon in a `--` comment breaks the deployment with a syntax error (it did twice).
const DIR = resolve(__dirname, '../../prisma/migrations');

describe('committed migrations', () => {
  const files = readdirSync(DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(DIR, d.name, 'migration.sql'));

  it('exist', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files)('%s has no semicolon inside a comment', (file) => {
    const bad = readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => ({ line, n: i + 1 }))
      .filter(({ line }) => line.includes('--') && line.slice(line.indexOf('--')).includes(';'));
    expect(bad.map(({ n, line }) => `${n}: ${line}`)).toEqual([]);
  });
});
