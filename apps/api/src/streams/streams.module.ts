import { Module } from '@nestjs/common';
import { StreamsController } from './streams.controller';

/** POST/GET/DELETE /v1/streams: which OGS games the ingest replicas follow for a tenant. */
@Module({ controllers: [StreamsController] })
export class StreamsModule {}
