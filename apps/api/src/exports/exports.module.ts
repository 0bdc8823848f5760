import { Module } from '@nestjs/common';
import { ExportsController } from './exports.controller';
import { GameRecordsService } from './game-records.service';

/** SGF exports of jobs, batches and followed games with their analyses. */
@Module({ controllers: [ExportsController], providers: [GameRecordsService] })
export class ExportsModule {}
