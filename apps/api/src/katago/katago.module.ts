import { Module } from '@nestjs/common';
import { GameUpdatesService } from '../games/game-updates.service';
import { JobsModule } from '../jobs/jobs.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { RequestThreadModule } from '../request-thread/request-thread.module';
import { KataGoController } from './katago.controller';
import { KataGoQueryService } from './katago-query.service';
import { KataGoSocketServer } from './katago-socket';

/** KataGo's analysis protocol on the api: POST/GET /v1/katago/analysis and the /v1/katago/ws socket. */
@Module({
  imports: [JobsModule, RateLimitModule, RequestThreadModule],
  controllers: [KataGoController],
  providers: [KataGoQueryService, KataGoSocketServer, GameUpdatesService],
  exports: [KataGoQueryService],
})
export class KataGoModule {}
