import { type ArgumentsHost, BadRequestException, ServiceUnavailableException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { DATABASE_UNAVAILABLE, SERVER_BUSY } from '../common.texts';
import { AllExceptionsFilter, DATABASE_RETRY_AFTER_S, toErrorBody } from './all-exceptions.filter';

/** A minimal Express response that records what the filter sends. */
function fakeHttp() {
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const res = {
    headersSent: false,
    setHeader(name: string, value: string) {
      sent.headers[name.toLowerCase()] = value;
      return res;
    },
    status(code: number) {
      sent.status = code;
      return res;
    },
    json(body: unknown) {
      sent.body = body;
      return res;
    },
  };
  const host = { getType: () => 'http', switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost;
  return { host, sent };
}

describe('AllExceptionsFilter', () => {
  it('answers a database outage with 503, the Turkish text and Retry-After', () => {
    const { host, sent } = fakeHttp();
    new AllExceptionsFilter().catch(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), host);
    expect(sent.status).toBe(503);
    expect(sent.body).toEqual({ message: DATABASE_UNAVAILABLE, statusCode: 503 });
    expect(sent.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_S));
  });

  it('treats a server shutting down mid-query (TypeORM-wrapped 57P01) as the same outage', () => {
    const error = new QueryFailedError('SELECT 1', [], Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    expect(toErrorBody(error)).toMatchObject({ statusCode: 503, message: DATABASE_UNAVAILABLE, retryAfter: DATABASE_RETRY_AFTER_S });
  });

  it('keeps the other answers as they were: statement timeout, HTTP errors, bugs', () => {
    expect(toErrorBody(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toEqual({ statusCode: 503, message: SERVER_BUSY });
    expect(toErrorBody(new BadRequestException('Gönderi boş olamaz'))).toMatchObject({ statusCode: 400, message: 'Gönderi boş olamaz' });
    expect(toErrorBody(new Error('boom'))).toEqual({ statusCode: 500, message: 'Sunucuda beklenmeyen bir hata oluştu.' });
    // A unique violation is a bug or a race to handle where it happens, not an outage.
    expect(toErrorBody(Object.assign(new Error('duplicate key'), { code: '23505' })).statusCode).toBe(500);
  });

  it("keeps a failed health check's status and details beside the Turkish message", () => {
    const { host, sent } = fakeHttp();
    const details = { database: { status: 'down' }, redis: { status: 'up' } };
    new AllExceptionsFilter().catch(new ServiceUnavailableException({ status: 'error', details, message: DATABASE_UNAVAILABLE }), host);
    expect(sent.status).toBe(503);
    expect(sent.body).toEqual({ status: 'error', details, message: DATABASE_UNAVAILABLE, statusCode: 503 });
    expect(sent.headers['retry-after']).toBeUndefined();
  });
});
