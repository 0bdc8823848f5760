import { ApiKeyRepository, TenantRepository, type ApiKeyWithTenant } from '@moyo/persistence';
import { generateApiKey } from '../auth/api-keys';

/** A key just created: the secret is here and nowhere else. */
export interface CreatedKey {
  key: string;
  keyId: string;
  prefix: string;
  tenantId: string;
  tenantName: string;
}

/** API key administration for `moyo-admin` (and tests): create, list, revoke. */
export class KeyAdmin {
  constructor(
    private readonly tenants: TenantRepository,
    private readonly keys: ApiKeyRepository,
  ) {}

  /**
   * Creates a key named `name`. Without `tenantId` it also creates a tenant of the same name (a
   * new customer); with one, the key is another key of that tenant. Throws when the tenant does
   * not exist.
   */
  async create(name: string, tenantId?: string): Promise<CreatedKey> {
    const tenant = tenantId ? await this.tenants.findById(tenantId) : await this.tenants.create(name);
    if (!tenant) throw new KeyAdminError(`tenant ${tenantId} does not exist`);
    const { key, prefix, hash } = generateApiKey();
    const row = await this.keys.create({ tenantId: tenant.id, name, prefix, keyHash: hash });
    return { key, keyId: row.id, prefix, tenantId: tenant.id, tenantName: tenant.name };
  }

  list(): Promise<ApiKeyWithTenant[]> {
    return this.keys.list();
  }

  /** Revokes by key id or prefix; throws KeyAdminError when no active key matches. */
  async revoke(idOrPrefix: string): Promise<string[]> {
    const revoked = await this.keys.revoke(idOrPrefix);
    if (revoked.length === 0) throw new KeyAdminError(`no active key with id or prefix ${idOrPrefix}`);
    return revoked.map((k) => k.id);
  }
}

/** A problem with an admin command's arguments or their target: exit code 2. */
export class KeyAdminError extends Error {}
