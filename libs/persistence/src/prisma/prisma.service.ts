import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';

export const PERSISTENCE_OPTIONS = Symbol('PERSISTENCE_OPTIONS');

export interface PersistenceOptions {
  /** postgresql://user:password@host:port/database */
  databaseUrl: string;
  /** Connections in this process's pool (adapter-pg default: 10). */
  poolSize?: number;
}

/**
 * Owns the one Prisma client of a process (Wasm query compiler + @prisma/adapter-pg, no engine
 * binary). Only repositories use `client`; everything else goes through them. Connects lazily on
 * the first query, so a process boots (and reports not ready) while PostgreSQL is down.
 */
@Injectable()
export class PrismaService implements OnModuleDestroy {
  readonly client: PrismaClient;

  constructor(@Inject(PERSISTENCE_OPTIONS) options: PersistenceOptions) {
    const adapter = new PrismaPg({ connectionString: options.databaseUrl, max: options.poolSize });
    this.client = new PrismaClient({ adapter });
  }

  async onModuleDestroy(): Promise<void> {
    await this.client.$disconnect();
  }
}
