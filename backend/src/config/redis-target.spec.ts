import { ConfigError, loadConfig } from './app-config';
import { describeRedisTarget, redisTarget } from './redis-target';

const problems = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

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
