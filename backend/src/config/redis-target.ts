/**
 * Which Redis the app talks to. One Redis is a `redis://` (or `rediss://`) URL in REDIS_URL, as
 * ever. A Redis Cluster is a list of some of its nodes (ioredis asks them for the rest): either
 * REDIS_CLUSTER_NODES=`host:port,host:port`, or REDIS_URL=`redis+cluster://[user:pass@]host:port,host:port`.
 * Both become one `redis+cluster://` URL in AppConfig.redisUrl, so the code that only asks "is there
 * a Redis at all" (`if (config.redisUrl)`) needs no change, and the clients read the nodes back
 * with `redisTarget`.
 */
export type RedisTarget =
  | { kind: 'single'; url: string }
  | { kind: 'cluster'; nodes: { host: string; port: number }[]; username?: string; password?: string };

export const CLUSTER_PROTOCOL = 'redis+cluster:';

/** `host:port`, `[v6]:port`: the host as ioredis takes it (no brackets), or a reason it is not one. */
function parseNode(item: string): { host: string; port: number } | string {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9_.-]+)):(\d{1,5})$/.exec(item);
  if (!match) return `"${item}" host:port biçiminde değil`;
  const port = Number(match[3]);
  if (port < 1 || port > 65535) return `"${item}" içindeki port 1 ile 65535 arasında olmalı`;
  return { host: match[1] ?? match[2], port };
}

/**
 * A comma-separated `host:port` list: the nodes, or every problem with it (in Turkish, naming
 * `name`, the variable the operator set).
 */
export function parseClusterNodes(name: string, raw: string): { nodes: { host: string; port: number }[] } | { problems: string[] } {
  const items = raw.split(',').map((item) => item.trim());
  if (items.every((item) => item === '')) return { problems: [`${name} en az bir host:port içermeli (ör. redis-1:6379,redis-2:6379)`] };
  const problems: string[] = [];
  const nodes: { host: string; port: number }[] = [];
  for (const item of items) {
    if (item === '') {
      problems.push(`${name} içinde boş bir öğe var (iki virgül yan yana ya da sonda virgül)`);
      continue;
    }
    const node = parseNode(item);
    if (typeof node === 'string') problems.push(`${name} içindeki ${node} (ör. redis-1:6379)`);
    else nodes.push(node);
  }
  return problems.length ? { problems } : { nodes };
}

/** `redis+cluster://[user:pass@]host:port,host:port[/]` read by hand: WHATWG URL takes one host only. */
export function parseClusterUrl(name: string, raw: string): RedisTarget | { problems: string[] } {
  const rest = raw.slice(`${CLUSTER_PROTOCOL}//`.length);
  if (!raw.startsWith(`${CLUSTER_PROTOCOL}//`)) return { problems: [`${name} ${CLUSTER_PROTOCOL}// ile başlamalı`] };
  const at = rest.lastIndexOf('@');
  const credentials = at >= 0 ? rest.slice(0, at) : undefined;
  const hosts = (at >= 0 ? rest.slice(at + 1) : rest).replace(/\/$/, '');
  if (/[/?#]/.test(hosts)) return { problems: [`${name} bir Redis Cluster'da veritabanı numarası ya da seçenek taşıyamaz (yalnız host:port listesi)`] };
  const parsed = parseClusterNodes(name, hosts);
  if ('problems' in parsed) return parsed;
  let username: string | undefined;
  let password: string | undefined;
  if (credentials !== undefined) {
    const colon = credentials.indexOf(':');
    try {
      username = decodeURIComponent(colon >= 0 ? credentials.slice(0, colon) : credentials) || undefined;
      password = colon >= 0 ? decodeURIComponent(credentials.slice(colon + 1)) || undefined : undefined;
    } catch {
      return { problems: [`${name} içindeki kullanıcı adı ya da parola geçerli biçimde kodlanmamış`] };
    }
  }
  return { kind: 'cluster', nodes: parsed.nodes, username, password };
}

/** The target of a validated AppConfig.redisUrl (see loadConfig). */
export function redisTarget(url: string): RedisTarget {
  if (!url.startsWith(CLUSTER_PROTOCOL)) return { kind: 'single', url };
  const target = parseClusterUrl('REDIS_URL', url);
  if ('problems' in target) throw new Error(target.problems.join('; '));
  return target;
}

/** What a log line says about the Redis in use: the nodes of a cluster, never a password. */
export function describeRedisTarget(target: RedisTarget): string {
  if (target.kind === 'single') return 'tek Redis';
  return `Redis Cluster (${target.nodes.map((node) => `${node.host.includes(':') ? `[${node.host}]` : node.host}:${node.port}`).join(', ')})`;
}
