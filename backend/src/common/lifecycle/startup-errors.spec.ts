import { ConfigError } from '../../config/app-config';
import { EmbeddedPostgresError } from '../../database/embedded-postgres';
import { describeStartupError, formatStartupError } from './startup-errors';

/** Builds an error shaped like Node's and pg's (code, syscall, path, port…). */
function systemError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe('describeStartupError', () => {
  const context = {
    host: '0.0.0.0',
    port: 3000,
    dataDir: '/srv/gundem/data',
    databaseUrl: 'postgres://gundem:gizli-sifre@db.local:5433/gundem',
    redisUrl: 'redis://127.0.0.1:6380',
  };

  it('port in use names the address and how to pick another', () => {
    const problem = describeStartupError(systemError('listen EADDRINUSE', { code: 'EADDRINUSE', syscall: 'listen', port: 3000 }), context);
    expect(problem.sentence).toBe('0.0.0.0:3000 adresi kullanımda: bu portu başka bir süreç dinliyor.');
    expect(problem.fix).toMatch(/PORT/);
  });

  it('a privileged port', () => {
    expect(describeStartupError(systemError('listen EACCES', { code: 'EACCES', syscall: 'listen' }), { ...context, port: 80 }).sentence).toBe(
      '0.0.0.0:80 adresini dinleme izni yok.',
    );
  });

  it('DATA_DIR not writable, for a file inside it or the folder itself or an ancestor', () => {
    for (const path of ['/srv/gundem/data/jwt-secret', '/srv/gundem/data', '/srv/gundem']) {
      const problem = describeStartupError(systemError('EACCES', { code: 'EACCES', syscall: 'mkdir', path }), context);
      expect(problem.sentence).toBe('Veri klasörüne yazılamıyor: /srv/gundem/data (izin yok).');
      expect(problem.fix).toMatch(/DATA_DIR/);
    }
    expect(describeStartupError(systemError('EROFS', { code: 'EROFS', path: '/srv/gundem/data' }), context).sentence).toMatch(/salt okunur/);
    // A path elsewhere is not blamed on DATA_DIR.
    expect(describeStartupError(systemError('EACCES', { code: 'EACCES', path: '/etc/x' }), context).sentence).toMatch(/^Beklenmeyen bir hata/);
  });

  it('database refused, with the address from DATABASE_URL and never its password', () => {
    const refused = systemError('connect ECONNREFUSED', { code: 'ECONNREFUSED', address: '10.0.0.5', port: 5433 });
    const problem = describeStartupError(refused, context);
    expect(problem.sentence).toBe('Veritabanına bağlanılamadı: db.local:5433 bağlantıyı reddetti.');
    expect(JSON.stringify(problem)).not.toContain('gizli-sifre');
  });

  it('an AggregateError (IPv4 and IPv6 both refused) reads like one refusal', () => {
    const aggregate = new AggregateError([systemError('a', { code: 'ECONNREFUSED' }), systemError('b', { code: 'ECONNREFUSED' })], '');
    expect(describeStartupError(aggregate, context).sentence).toBe('Veritabanına bağlanılamadı: db.local:5433 bağlantıyı reddetti.');
  });

  it('Redis refused is told apart by its port', () => {
    const problem = describeStartupError(systemError('connect ECONNREFUSED', { code: 'ECONNREFUSED', port: 6380 }), context);
    expect(problem.sentence).toBe("Redis'e bağlanılamadı: 127.0.0.1:6380 bağlantıyı reddetti.");
  });

  it('unknown host, wrong password, missing database', () => {
    expect(describeStartupError(systemError('getaddrinfo', { code: 'ENOTFOUND', hostname: 'db.local' }), context).sentence).toBe(
      'Veritabanı sunucusunun adı çözülemedi: db.local.',
    );
    expect(describeStartupError(systemError('password authentication failed', { code: '28P01' }), context).sentence).toBe(
      'Veritabanı, gundem kullanıcısının girişini kabul etmedi (şifre yanlış).',
    );
    const missing = describeStartupError(systemError('database "gundem" does not exist', { code: '3D000' }), context);
    expect(missing.sentence).toBe('Veritabanı yok: gundem.');
    expect(missing.fix).toMatch(/createdb gundem/);
  });

  it('ConfigError keeps its list; EmbeddedPostgresError keeps its own sentence and fix', () => {
    expect(describeStartupError(new ConfigError(['PORT 0 ile 65535 arasında bir tam sayı olmalı'])).sentence).toMatch(/^Geçersiz yapılandırma:\n {2}- PORT/);
    const embedded = new EmbeddedPostgresError('Gömülü PostgreSQL başlatılamadı: x', 'Şunu yapın.');
    expect(describeStartupError(embedded)).toEqual({ sentence: 'Gömülü PostgreSQL başlatılamadı: x', fix: 'Şunu yapın.' });
  });

  it('anything else: its first line, and where to see more', () => {
    const problem = describeStartupError(new Error('bir şey oldu\nikinci satır'));
    expect(problem.sentence).toBe('Beklenmeyen bir hata: bir şey oldu.');
    expect(problem.fix).toMatch(/LOG_LEVEL=debug/);
  });
});

describe('formatStartupError', () => {
  const error = systemError('listen EADDRINUSE', { code: 'EADDRINUSE', syscall: 'listen' });

  it('two lines, no stack frames', () => {
    const text = formatStartupError(error, { host: '127.0.0.1', port: 3000 });
    expect(text.split('\n')).toEqual([
      'gündem başlatılamadı: 127.0.0.1:3000 adresi kullanımda: bu portu başka bir süreç dinliyor.',
      'Çözüm: O süreci durdurun ya da PORT ile boş bir port seçin (ör. PORT=3001 npm start).',
    ]);
  });

  it('the stack with debug', () => {
    expect(formatStartupError(error, {}, true)).toMatch(/\n\s+at /);
  });
});
