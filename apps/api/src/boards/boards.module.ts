import { Module } from '@nestjs/common';
import { BoardsController } from './boards.controller';
import { BoardsService } from './boards.service';

/** SVG board pictures of jobs and followed games, and a job progress stream (SSE). */
@Module({
  controllers: [BoardsController],
  providers: [BoardsService],
})
export class BoardsModule {}
