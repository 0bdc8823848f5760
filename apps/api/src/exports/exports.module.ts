import { Module } from '@nestjs/common';
import { ExportsController } from './exports.controller';
import { GameRecordsService } from './game-records.service';
import { CompactedJobRecords } from './whole-game';

/** SGF exports of jobs, batches and followed games with their analyses. */
@Module({ controllers: [ExportsController], providers: [GameRecordsService, CompactedJobRecords] })
export class ExportsModule {}
