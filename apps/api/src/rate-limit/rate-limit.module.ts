import { Module } from '@nestjs/common';
import { RateLimitService } from './rate-limit.service';

/** The per-key request budget in Redis; the auth guard consults it after identifying the key. */
@Module({ providers: [RateLimitService], exports: [RateLimitService] })
export class RateLimitModule {}
