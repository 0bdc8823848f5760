import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

const MIGRATIONS_DIR = resolve(__dirname, '../../prisma/migrations');

/** The migration SQL files in order: the same SQL `prisma migrate deploy` applies. */
export function migrationScripts(): string[] {
  return readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => readFileSync(join(MIGRATIONS_DIR, name, 'migration.sql'), 'utf8'));
}

/**
 * Creates database `name` on the server `adminUrl` points at and applies every migration to it;
 * returns its URL. Test suites and benchmarks get their scratch databases from here (no vitest
 * here, so benchmarks run it under plain tsx).
 */
export async function createMigratedDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = new Client({ connectionString: url.toString() });
  await db.connect();
  try {
    for (const sql of migrationScripts()) await db.query(sql);
  } finally {
    await db.end();
  }
  return url.toString();
}
