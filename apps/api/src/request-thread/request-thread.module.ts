import { Module } from '@nestjs/common';
import { RequestThread } from './request-thread.service';

/** The api's one request thread, shared by every module that imports this one. */
@Module({ providers: [RequestThread], exports: [RequestThread] })
export class RequestThreadModule {}
