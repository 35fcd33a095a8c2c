import { Module } from '@nestjs/common';
import { IdempotencyService } from './idempotency.service';

/** Idempotency-Key storage for the write routes that honour it (posts, messages). */
@Module({ providers: [IdempotencyService], exports: [IdempotencyService] })
export class IdempotencyModule {}
