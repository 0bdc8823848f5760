import { Module } from '@nestjs/common';
import { GameUpdatesService } from './game-updates.service';
import { GamesController } from './games.controller';

/** GET /v1/games/:gameId/analyses (ETag/304) and /events (SSE) for followed OGS games. */
@Module({ controllers: [GamesController], providers: [GameUpdatesService] })
export class GamesModule {}
