import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AllExceptionsFilter } from './all-exceptions.filter';

/** The global exception filter: JSON errors everywhere, never a 5xx for bad input. */
@Module({ providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }] })
export class ErrorsModule {}
