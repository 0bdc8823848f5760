import { Injectable } from '@nestjs/common';
import type { ApiKey, Tenant } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

export type ApiKeyWithTenant = ApiKey & { tenant: Tenant };

/** API keys. Only SHA-256 hashes of the secrets reach this repository; it never sees a key. */
@Injectable()
export class ApiKeyRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Stores a key for `tenantId` by its hash; `prefix` is the key's public start, for listings. */
  create(data: { tenantId: string; name: string; prefix: string; keyHash: string }): Promise<ApiKey> {
    return this.prisma.client.apiKey.create({ data });
  }

  /** The active (not revoked) key with this hash, with its tenant, or null. */
  findActiveByHash(keyHash: string): Promise<ApiKeyWithTenant | null> {
    return this.prisma.client.apiKey.findFirst({
      where: { keyHash, revokedAt: null },
      include: { tenant: true },
    });
  }

  /** Records that the key was used (callers throttle this: it is one write). */
  async touch(id: string, at: Date = new Date()): Promise<void> {
    await this.prisma.client.apiKey.updateMany({ where: { id }, data: { lastUsedAt: at } });
  }

  /** Every key with its tenant, oldest first (revoked ones included). */
  list(): Promise<ApiKeyWithTenant[]> {
    return this.prisma.client.apiKey.findMany({ orderBy: { createdAt: 'asc' }, include: { tenant: true } });
  }

  /**
   * Revokes the keys whose id or prefix is `idOrPrefix` (ids are uuids, prefixes `moyo_xxxxxxxx`).
   * Returns the keys revoked now; already revoked keys are left as they were.
   */
  async revoke(idOrPrefix: string): Promise<ApiKey[]> {
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrPrefix);
    const where = { revokedAt: null, ...(isUuid ? { id: idOrPrefix } : { prefix: idOrPrefix }) };
    const keys = await this.prisma.client.apiKey.findMany({ where });
    if (keys.length === 0) return [];
    const revokedAt = new Date();
    await this.prisma.client.apiKey.updateMany({
      where: { id: { in: keys.map((k) => k.id) } },
      data: { revokedAt },
    });
    return keys.map((k) => ({ ...k, revokedAt }));
  }
}
