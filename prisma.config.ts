// Prisma CLI configuration: recipe A of /work/shared/specs/prisma-offline.md (Prisma 6.19.3,
// Wasm schema engine, @prisma/adapter-pg). Nothing here downloads an engine binary, so the CLI
// works offline; the same file works where the internet is reachable.
import { PrismaPg } from '@prisma/adapter-pg';
import { defineConfig } from 'prisma/config';
// @ts-expect-error pg ships no typings for its internal lib/result module
import Result from 'pg/lib/result.js';

// (a) prisma/orm#27403: adapter-pg 6.x rejects the pg_catalog types "char" (OID 18) and
// name (OID 19) that the Wasm schema engine reads ("Column type 'name' could not be
// deserialized from the database"). Present them to the adapter as text (OID 25).
const addFields = Result.prototype.addFields;
Result.prototype.addFields = function (fields: { dataTypeID: number }[]) {
  for (const f of fields) if (f.dataTypeID === 18 || f.dataTypeID === 19) f.dataTypeID = 25;
  return addFields.call(this, fields);
};

// (b) The Wasm schema engine leaves 10 s / 60 s guard timers pending, so the CLI would
// linger 10-60 s after finishing. Unref long timers so the process exits when done.
const setTimeout_ = globalThis.setTimeout;
globalThis.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const t = setTimeout_(fn, ms, ...args);
  if ((ms ?? 0) >= 10_000) t.unref?.();
  return t;
}) as typeof globalThis.setTimeout;

// (c) The CLI parses schema.prisma at startup to read engineType; if env("DATABASE_URL")
// is unset that fails and it falls back to downloading libquery_engine (offline: ENOTFOUND).
process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/moyo';
const u = new URL(process.env.DATABASE_URL);
// Discrete fields, not connectionString: connectToShadowDb() spreads {...config, database}.
const pgConfig = {
  host: u.hostname,
  port: Number(u.port || 5432),
  user: decodeURIComponent(u.username),
  password: decodeURIComponent(u.password),
  database: u.pathname.slice(1),
  allowExitOnIdle: true,
};

// (d) adapter-pg 6.x's connectToShadowDb() dispose runs DROP DATABASE before closing the
// shadow pool -> "database ... is being accessed by other users". Close first, then drop.
class PrismaPgMigrate extends PrismaPg {
  override async connectToShadowDb() {
    const admin = await this.connect();
    const database = `prisma_migrate_shadow_db_${crypto.randomUUID().replaceAll('-', '')}`;
    await admin.executeScript(`CREATE DATABASE "${database}"`);
    const shadow = await new PrismaPg({ ...pgConfig, database }).connect();
    const closeShadow = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await closeShadow();
      await admin.executeScript(`DROP DATABASE IF EXISTS "${database}"`);
      await admin.dispose();
    };
    return shadow;
  }
}

export default defineConfig({
  experimental: { adapter: true },
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  engine: 'js', // Wasm schema engine (bundled in prisma/build/schema_engine_bg.wasm)
  adapter: async () => new PrismaPgMigrate(pgConfig),
});
