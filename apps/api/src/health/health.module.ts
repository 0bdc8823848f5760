import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

/** /healthz and /readyz. */
@Module({ controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}
