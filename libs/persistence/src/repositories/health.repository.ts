import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';

/** Readiness probe for PostgreSQL. */
@Injectable()
export class HealthRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Runs `SELECT 1`; rejects if PostgreSQL does not answer. */
  async ping(): Promise<void> {
    await this.prisma.client.$queryRaw`SELECT 1`;
  }
}
