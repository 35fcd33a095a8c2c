import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';
import { INVALID_IDEMPOTENCY_KEY } from './idempotency.texts';

/** 1 to 255 visible ASCII characters (a UUID, a ULID, any client's own scheme). */
const KEY = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * `@IdempotencyKey() key?: string`: the request's `Idempotency-Key`, undefined when absent; a
 * malformed one (empty, too long, spaces, non-ASCII, or sent twice: Node joins repeats with ", ")
 * is a Turkish 400 before anything runs.
 */
export const IdempotencyKey = createParamDecorator((_data: unknown, ctx: ExecutionContext): string | undefined => {
  const raw = ctx.switchToHttp().getRequest<Request>().headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !KEY.test(raw)) throw new BadRequestException(INVALID_IDEMPOTENCY_KEY);
  return raw;
});

/** The header in the OpenAPI document of a route that honours it. */
export const ApiIdempotencyKey = () =>
  ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'İsteğe bağlı; 1–255 görünür ASCII karakter. Aynı kullanıcı aynı anahtarla yeniden gönderirse ilk yanıt (durum ve gövde) döner, ' +
      'yeni kayıt oluşmaz (24 saat). Aynı anahtar başka bir gövdeyle 422 alır.',
  });
