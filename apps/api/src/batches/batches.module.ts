import { Module } from '@nestjs/common';
import { BatchesController } from './batches.controller';

/** GET /v1/batches/:id. */
@Module({ controllers: [BatchesController] })
export class BatchesModule {}
