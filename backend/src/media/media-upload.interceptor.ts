import { BadRequestException, type CallHandler, type ExecutionContext, HttpException, HttpStatus, Injectable, type NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { SettingsService } from '../settings/settings.service';
import type { SessionUser } from '../users/session-user';
import { MediaService } from './media.service';
import { MEDIA_FILE_REQUIRED, MEDIA_ONE_FILE, MEDIA_UPLOADS_LIMITED, mediaTooLarge } from './media.texts';

/** Room for the multipart boundaries and part headers around the one file. */
const MULTIPART_OVERHEAD = 16 * 1024;

/**
 * The body of POST /api/media, read with multer (what Nest's FileInterceptor wraps) but with the
 * limit of the admin setting `maxFileSize` as it is now, which a decorator's static options
 * cannot follow. In order:
 * 1. the member's hourly upload budget (MediaService.countUpload): 429 before the body is read;
 * 2. a Content-Length above the limit: 413 at once, nothing read, and the connection closed;
 * 3. multer in memory with `limits: { fileSize, files: 1 }`: at most the limit is ever held (a
 *    chunked body that runs over is cut there: 413; the rest is drained, not kept), a second
 *    file or a file in another field is a 400. Memory storage: no temporary file to clean up.
 */
@Injectable()
export class MediaUploadInterceptor implements NestInterceptor {
  constructor(
    private readonly settings: SettingsService,
    private readonly media: MediaService,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { user: SessionUser }>();
    const res = http.getResponse<Response>();
    const { retryAfterSeconds } = await this.media.countUpload(req.user.id);
    if (retryAfterSeconds !== undefined) {
      res.setHeader('Retry-After', retryAfterSeconds);
      throw new HttpException(MEDIA_UPLOADS_LIMITED, HttpStatus.TOO_MANY_REQUESTS);
    }
    const { maxFileSize } = await this.settings.get();
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxFileSize + MULTIPART_OVERHEAD) {
      this.media.refused();
      // The body is not read: the socket cannot carry another request after it.
      res.setHeader('Connection', 'close');
      throw new PayloadTooLargeException(mediaTooLarge(maxFileSize));
    }
    const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxFileSize, files: 1, fields: 4, parts: 5 } }).single('file');
    await new Promise<void>((resolve, reject) => {
      parse(req, res, (error: unknown) => (error ? reject(this.refusal(error, maxFileSize)) : resolve()));
    });
    return next.handle();
  }

  private refusal(error: unknown, maxFileSize: number): HttpException {
    this.media.refused();
    const code = error instanceof multer.MulterError ? error.code : undefined;
    if (code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeException(mediaTooLarge(maxFileSize));
    if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') return new BadRequestException(MEDIA_ONE_FILE);
    // A malformed multipart body, too many parts or fields.
    return new BadRequestException(MEDIA_FILE_REQUIRED);
  }
}
