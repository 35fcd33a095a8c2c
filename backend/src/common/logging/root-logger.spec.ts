import type { DestinationStream } from 'pino';
import { ConfigError, loadConfig } from '../../config/app-config';
import { createRootLogger } from './root-logger';

function capture(): DestinationStream & { text(): string } {
  const chunks: string[] = [];
  return { write: (chunk: string) => void chunks.push(chunk), text: () => chunks.join('') };
}

describe('createRootLogger', () => {
  it('LOG_FORMAT=json: one JSON object per line, the level by name', async () => {
    const out = capture();
    const logger = await createRootLogger({ logLevel: 'log', logFormat: 'json' }, { destination: out });
    logger.info({ context: 'Test' }, 'merhaba');
    const line = JSON.parse(out.text());
    expect(line).toMatchObject({ level: 'info', context: 'Test', msg: 'merhaba' });
  });

  it('LOG_FORMAT=pretty: a line a person reads, written at once, with the context before the message', async () => {
    const out = capture();
    const logger = await createRootLogger({ logLevel: 'log', logFormat: 'pretty' }, { destination: out });
    logger.info({ context: 'Test', reqId: 'r-1' }, 'merhaba');
    expect(out.text()).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[Test\] merhaba {"reqId":"r-1"}\n$/);
  });

  it('maps LOG_LEVEL onto pino: log is info, verbose is trace', async () => {
    const levels = { error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' } as const;
    for (const [logLevel, pino] of Object.entries(levels)) {
      const logger = await createRootLogger({ logLevel: logLevel as keyof typeof levels, logFormat: 'json' }, { destination: capture() });
      expect(logger.level).toBe(pino);
    }
  });

  it('redacts secret fields of logged objects and scrubs secrets out of messages', async () => {
    const out = capture();
    const logger = await createRootLogger({ logLevel: 'log', logFormat: 'json' }, { destination: out });
    logger.info({ password: 'p1', dto: { newPassword: 'p2', token: 't1' }, body: { user: { refreshToken: 'r1' } } }, 'giriş');
    logger.info({ req: { headers: { authorization: 'Bearer x', cookie: 'c=1' } } }, 'istek');
    logger.warn('REDIS_URL=redis://:redis-parola@h:6379 yanıt vermiyor');
    logger.info({ url: 'postgres://u:pg-parola@h/db' }, 'bağlantı');
    const text = out.text();
    for (const secret of ['p1', 'p2', 't1', 'r1', 'Bearer x', 'c=1', 'redis-parola', 'pg-parola']) expect(text).not.toContain(secret);
    expect(text.match(/\[gizlendi\]/g)).toHaveLength(8);
  });

  it('writes nothing when silent', async () => {
    const out = capture();
    const logger = await createRootLogger({ logLevel: 'verbose', logFormat: 'json' }, { destination: out, silent: true });
    logger.error('görünmez');
    expect(out.text()).toBe('');
  });
});

describe('LOG_FORMAT', () => {
  it('defaults to json in production and pretty elsewhere; either can be asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('refuses anything else, in Turkish', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT şunlardan biri olmalı: json, pretty');
  });
});
