import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';
import { describeRedisTarget, redisTarget } from './redis-target';

/** The problems loadConfig reports for `env` (none: it loaded). */
const problems = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe('loadConfig: the database timeouts', () => {

  it('bounds the wait for a connection and for an answer by default, the answer just past the statement timeout', () => {
    expect(loadConfig({})).toMatchObject({ statementTimeoutMs: 5000, connectTimeoutMs: 5000, queryTimeoutMs: 6000 });
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '20000' })).toMatchObject({ queryTimeoutMs: 21000 });
    // No statement timeout: statements may run long on purpose, and the client does not cut them.
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({ queryTimeoutMs: 0 });
  });

  it('takes explicit values, 0 turning a bound off', () => {
    expect(loadConfig({ DB_CONNECT_TIMEOUT_MS: '2000', DB_QUERY_TIMEOUT_MS: '9000' })).toMatchObject({ connectTimeoutMs: 2000, queryTimeoutMs: 9000 });
    expect(loadConfig({ DB_CONNECT_TIMEOUT_MS: '0', DB_QUERY_TIMEOUT_MS: '0' })).toMatchObject({ connectTimeoutMs: 0, queryTimeoutMs: 0 });
  });

  it('refuses a client-side bound that would cut statements PostgreSQL still lets run, and non-numbers', () => {
    expect(problems({ DB_QUERY_TIMEOUT_MS: '5000' })).toEqual([expect.stringContaining("DB_QUERY_TIMEOUT_MS 0 ya da DB_STATEMENT_TIMEOUT_MS'ten (5000) büyük olmalı")]);
    expect(problems({ DB_CONNECT_TIMEOUT_MS: 'beş' })).toEqual([expect.stringContaining('DB_CONNECT_TIMEOUT_MS 0 ya da daha büyük bir tam sayı olmalı')]);
    expect(problems({ DB_QUERY_TIMEOUT_MS: '-1' })).toEqual([expect.stringContaining('DB_QUERY_TIMEOUT_MS 0 ya da daha büyük bir tam sayı olmalı')]);
  });
});

describe('loadConfig: media storage', () => {
  const s3 = { MEDIA_STORAGE: 's3', MEDIA_S3_BUCKET: 'gundem-media', MEDIA_S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', MEDIA_S3_SECRET_ACCESS_KEY: 'secret-value-1234' };

  it('keeps pictures on the filesystem by default', () => {
    const dir = join(process.cwd(), '.data', 'media');
    expect(loadConfig({}).media).toEqual({ storage: 'fs', publicUrl: '/media', dir });
    expect(loadConfig({ MEDIA_STORAGE: 'fs', MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/' }).media).toEqual({ storage: 'fs', publicUrl: 'https://cdn.example.com/media', dir });
    // Nodes behind one balancer share one folder (any node may be asked for any picture).
    expect(loadConfig({ MEDIA_DIR: '/srv/gundem-media', MEDIA_PUBLIC_URL: '/resimler' }).media).toEqual({ storage: 'fs', publicUrl: '/resimler', dir: '/srv/gundem-media' });
    expect(problems({ MEDIA_DIR: 'media', MEDIA_PUBLIC_URL: '/../x' })).toEqual([
      'MEDIA_PUBLIC_URL /media gibi bir yol ya da http(s) adresi olmalı (şu an: "/../x")',
      'MEDIA_DIR mutlak bir yol olmalı (şu an: "media")',
    ]);
  });

  it('reads an S3-compatible bucket: path style and the public URL follow the endpoint, no ACL', () => {
    expect(loadConfig({ ...s3, MEDIA_S3_ENDPOINT: 'http://minio:9000/', MEDIA_S3_PREFIX: '/media/' }).media).toEqual({
      storage: 's3',
      publicUrl: 'http://minio:9000/gundem-media/media',
      dir: join(process.cwd(), '.data', 'media'),
      s3: {
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        bucket: 'gundem-media',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret-value-1234',
        forcePathStyle: true,
        prefix: 'media',
        publicUrl: 'http://minio:9000/gundem-media/media',
        acl: undefined,
      },
    });
  });

  it('on AWS itself (no endpoint): virtual-host style and the bucket’s own address; MEDIA_PUBLIC_URL and the ACL when given', () => {
    expect(loadConfig({ ...s3, MEDIA_S3_REGION: 'eu-central-1' }).media.s3).toMatchObject({ forcePathStyle: false, publicUrl: 'https://gundem-media.s3.eu-central-1.amazonaws.com' });
    expect(
      loadConfig({ ...s3, MEDIA_S3_ENDPOINT: 'https://r2.example.com', MEDIA_S3_FORCE_PATH_STYLE: 'false', MEDIA_PUBLIC_URL: 'https://img.example.com/', MEDIA_S3_ACL: 'public-read' }).media.s3,
    ).toMatchObject({ forcePathStyle: false, publicUrl: 'https://img.example.com', acl: 'public-read' });
  });

  it('refuses MEDIA_STORAGE=s3 without the bucket or keys, naming each missing variable', () => {
    expect(problems({ MEDIA_STORAGE: 's3' })).toEqual(['MEDIA_STORAGE=s3 iken şunlar zorunludur: MEDIA_S3_BUCKET, MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY']);
    expect(problems({ ...s3, MEDIA_S3_SECRET_ACCESS_KEY: '' })).toEqual(['MEDIA_STORAGE=s3 iken şunlar zorunludur: MEDIA_S3_SECRET_ACCESS_KEY']);
  });

  it('reports every bad media variable at once, in Turkish, never echoing the secret', () => {
    expect(problems({ MEDIA_STORAGE: 'ftp' })).toEqual(['MEDIA_STORAGE şunlardan biri olmalı: fs, s3 (şu an: "ftp")']);
    const found = problems({
      ...s3,
      MEDIA_S3_BUCKET: 'Gündem_Media',
      MEDIA_S3_ENDPOINT: 'minio:9000',
      MEDIA_S3_REGION: 'EU West',
      MEDIA_S3_FORCE_PATH_STYLE: 'evet',
      MEDIA_S3_PREFIX: 'a/../b',
      MEDIA_S3_ACL: 'private',
      MEDIA_PUBLIC_URL: 'ftp://cdn',
    });
    expect(found).toEqual([
      'MEDIA_PUBLIC_URL http: ya da https: ile başlamalı (şu an: "ftp:")',
      'MEDIA_S3_ENDPOINT http: ya da https: ile başlamalı (şu an: "minio:")',
      'MEDIA_S3_REGION küçük harf, rakam ve - karakterinden oluşmalı (şu an: "EU West")',
      'MEDIA_S3_BUCKET 3–63 küçük harf, rakam, . ya da - karakteri olmalı (şu an: "Gündem_Media")',
      'MEDIA_S3_FORCE_PATH_STYLE true ya da false olmalı (şu an: "evet")',
      'MEDIA_S3_PREFIX en fazla 200 harf, rakam ya da _ . - / karakteri olmalı, boş, . ya da .. parça içermemeli (şu an: "a/../b")',
      'MEDIA_S3_ACL boş ya da public-read olmalı (şu an: "private")',
    ]);
    expect(found.join('\n')).not.toContain('secret-value-1234');
    // The other variables' problems are listed beside the media ones.
    expect(problems({ MEDIA_STORAGE: 's3', PORT: 'x' })).toHaveLength(2);
  });
});

describe('loadConfig: one Redis or a Redis Cluster', () => {
  it('keeps a redis:// URL as it was: one Redis, the classic adapter', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(redisTarget('rediss://:gizli@redis.ornek:6380')).toEqual({ kind: 'single', url: 'rediss://:gizli@redis.ornek:6380' });
    expect(loadConfig({}).redisUrl).toBeUndefined();
  });

  it('reads REDIS_CLUSTER_NODES into a redis+cluster:// URL whose nodes the clients read back', () => {
    const { redisUrl } = loadConfig({ REDIS_CLUSTER_NODES: ' redis-1:7000, 10.0.0.2:7001,[::1]:7002 ' });
    expect(redisUrl).toBe('redis+cluster://redis-1:7000,10.0.0.2:7001,[::1]:7002');
    expect(redisTarget(redisUrl!)).toEqual({
      kind: 'cluster',
      nodes: [
        { host: 'redis-1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
        { host: '::1', port: 7002 },
      ],
      username: undefined,
      password: undefined,
    });
  });

  it('reads a redis+cluster:// REDIS_URL with credentials, which a log line never shows', () => {
    const { redisUrl } = loadConfig({ REDIS_URL: 'REDIS+CLUSTER://app:p%40ss@redis-1:7000,redis-2:7000/' });
    const target = redisTarget(redisUrl!);
    expect(target).toEqual({ kind: 'cluster', nodes: [{ host: 'redis-1', port: 7000 }, { host: 'redis-2', port: 7000 }], username: 'app', password: 'p@ss' });
    expect(describeRedisTarget(target)).toBe('Redis Cluster (redis-1:7000, redis-2:7000)');
  });

  it('refuses bad node lists with a Turkish sentence naming the variable and the item', () => {
    expect(problems({ REDIS_CLUSTER_NODES: 'redis-1' })).toEqual(['REDIS_CLUSTER_NODES içindeki "redis-1" host:port biçiminde değil (ör. redis-1:6379)']);
    expect(problems({ REDIS_CLUSTER_NODES: 'redis-1:70000,redis-2:7000' })).toEqual([
      'REDIS_CLUSTER_NODES içindeki "redis-1:70000" içindeki port 1 ile 65535 arasında olmalı (ör. redis-1:6379)',
    ]);
    expect(problems({ REDIS_CLUSTER_NODES: 'redis-1:7000,,redis-2:7000' })).toEqual([
      'REDIS_CLUSTER_NODES içinde boş bir öğe var (iki virgül yan yana ya da sonda virgül)',
    ]);
    expect(problems({ REDIS_CLUSTER_NODES: ' , ' })).toEqual(['REDIS_CLUSTER_NODES en az bir host:port içermeli (ör. redis-1:6379,redis-2:6379)']);
    expect(problems({ REDIS_URL: 'redis+cluster://redis-1:7000,redis-2' })).toEqual([
      'REDIS_URL içindeki "redis-2" host:port biçiminde değil (ör. redis-1:6379)',
    ]);
    expect(problems({ REDIS_URL: 'redis+cluster://redis-1:7000/2' })).toEqual([
      "REDIS_URL bir Redis Cluster'da veritabanı numarası ya da seçenek taşıyamaz (yalnız host:port listesi)",
    ]);
  });

  it('refuses both settings at once, and any other scheme', () => {
    expect(problems({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_CLUSTER_NODES: 'redis-1:7000' })).toEqual([
      'REDIS_URL ile REDIS_CLUSTER_NODES birlikte verilemez: tek bir Redis için REDIS_URL, Redis Cluster için REDIS_CLUSTER_NODES kullanın',
    ]);
    expect(problems({ REDIS_URL: 'http://127.0.0.1:6379' })).toEqual(['REDIS_URL redis: ya da rediss: ya da redis+cluster: ile başlamalı (şu an: "http:")']);
  });
});

describe('loadConfig: read replicas', () => {
  it('has none by default, and takes a comma-separated list of postgres:// URLs with their lag bounds', () => {
    expect(loadConfig({}).replicas).toEqual({ urls: [], maxLagMs: 2_000, checkMs: 1_000 });
    expect(
      loadConfig({ DATABASE_REPLICA_URLS: ' postgres://r1:5432/gundem , postgresql://r2/gundem,', REPLICA_MAX_LAG_MS: '500', REPLICA_CHECK_MS: '250' }).replicas,
    ).toEqual({ urls: ['postgres://r1:5432/gundem', 'postgresql://r2/gundem'], maxLagMs: 500, checkMs: 250 });
  });

  it('refuses what is not a PostgreSQL URL or a sane bound, in Turkish, naming the variable', () => {
    expect(problems({ DATABASE_REPLICA_URLS: 'postgres://r1/gundem,mysql://r2/gundem' })).toEqual([expect.stringMatching(/^DATABASE_REPLICA_URLS postgres: ya da postgresql: ile başlamalı/)]);
    expect(problems({ REPLICA_MAX_LAG_MS: '0', REPLICA_CHECK_MS: 'sık' })).toEqual([
      'REPLICA_MAX_LAG_MS 100 ile 600000 arasında bir tam sayı olmalı (şu an: "0")',
      'REPLICA_CHECK_MS 50 ile 60000 arasında bir tam sayı olmalı (şu an: "sık")',
    ]);
  });
});
