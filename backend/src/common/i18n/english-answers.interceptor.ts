import { type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { map, type Observable } from 'rxjs';
import { type EnglishLookup, requestLanguage } from './language';

/**
 * The success answers' texts in the request's language (issue 26), as the exceptions filter does
 * for errors: a JSON answer `{ message, … }` (`Şifreniz sıfırlandı!`, `Gönderi silindi.`) carries
 * the English twin of its `message` when the request's `Accept-Language` prefers English. Only
 * that top-level field: the data beside it (posts, names) is the members' own and stays as written.
 */
export class EnglishAnswersInterceptor implements NestInterceptor {
  constructor(private readonly english: EnglishLookup) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request | undefined>();
    if (requestLanguage(req?.headers?.['accept-language']) !== 'en') return next.handle();
    return next.handle().pipe(map((answer: unknown) => this.translated(answer)));
  }

  private translated(answer: unknown): unknown {
    if (!answer || typeof answer !== 'object' || Array.isArray(answer) || Object.getPrototypeOf(answer) !== Object.prototype) return answer;
    const { message } = answer as { message?: unknown };
    if (typeof message !== 'string') return answer;
    const english = this.english(message);
    return english === undefined ? answer : { ...answer, message: english };
  }
}
