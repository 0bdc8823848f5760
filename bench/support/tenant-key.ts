import type { Client } from 'pg';
import { generateApiKey } from '../../apps/api/src/auth/api-keys';

/**
 * A tenant named `name` and an API key of it (also named `name`), written straight into the
 * database as the api stores them (the key's SHA-256 and its `moyo_<id>` prefix). Returns the key.
 */
export async function insertTenantWithKey(
  db: Client,
  name: string,
): Promise<{ tenantId: string; key: string }> {
  const tenantId = (
    await db.query(`INSERT INTO tenants (id, name) VALUES (gen_random_uuid(), $1) RETURNING id`, [name])
  ).rows[0].id as string;
  const { key, prefix, hash } = generateApiKey();
  await db.query(
    `INSERT INTO api_keys (id, tenant_id, name, prefix, key_hash) VALUES (gen_random_uuid(), $1, $2, $3, $4)`,
    [tenantId, name, prefix, hash],
  );
  return { tenantId, key };
}
