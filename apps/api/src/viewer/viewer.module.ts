import { Module } from '@nestjs/common';
import { ViewerController } from './viewer.controller';

/** Serves the web viewer at /viewer. */
@Module({ controllers: [ViewerController] })
export class ViewerModule {}
