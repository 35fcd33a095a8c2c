import { Global, Module } from '@nestjs/common';
import { ENGLISH_LOOKUP } from '../common/i18n/language';
import { toEnglish } from './english';

/**
 * The English twins' lookup (english.ts) for the modules below i18n that answer texts themselves
 * (issue 26): the Socket.IO gateway's acks and error events, a controller writing its response.
 * They inject ENGLISH_LOOKUP (common/i18n/language.ts); the HTTP filter and interceptor get it
 * from app.module.ts.
 */
@Global()
@Module({ providers: [{ provide: ENGLISH_LOOKUP, useValue: toEnglish }], exports: [ENGLISH_LOOKUP] })
export class I18nModule {}
