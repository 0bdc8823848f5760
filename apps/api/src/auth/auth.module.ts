import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { ApiKeyGuard } from './api-key.guard';

/** Bearer API keys on every /v1 route (global guard), then the per-key rate limit. */
@Module({ imports: [RateLimitModule], providers: [{ provide: APP_GUARD, useClass: ApiKeyGuard }] })
export class AuthModule {}
