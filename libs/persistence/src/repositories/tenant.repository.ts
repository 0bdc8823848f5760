import { Injectable } from '@nestjs/common';
import type { ApiKey, Tenant } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

@Injectable()
export class TenantRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(name: string): Promise<Tenant> {
    return this.prisma.client.tenant.create({ data: { name } });
  }

  findById(id: string): Promise<Tenant | null> {
    return this.prisma.client.tenant.findUnique({ where: { id } });
  }

  /** Stores a key by its hash; the caller hashes the secret and never passes it here. */
  createApiKey(data: { tenantId: string; name: string; prefix: string; keyHash: string }): Promise<ApiKey> {
    return this.prisma.client.apiKey.create({ data });
  }

  /** The active (not revoked) key with this hash, with its tenant, or null. */
  findActiveKeyByHash(keyHash: string): Promise<(ApiKey & { tenant: Tenant }) | null> {
    return this.prisma.client.apiKey.findFirst({
      where: { keyHash, revokedAt: null },
      include: { tenant: true },
    });
  }
}
