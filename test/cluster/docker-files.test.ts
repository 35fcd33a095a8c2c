import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../support/server';

/**
 * The Docker deployment as files: there is no Docker engine in CI, so these check what can be
 * checked without one: the compose file parses and has the topology the README promises, and
 * the Dockerfile builds a non-root, secret-free image of the built output only. What runs
 * inside it (nginx.conf, the nodes, `npm run migrate`) is proved by cluster.test.ts and
 * test/cli/migrate.test.ts.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- compose's shape is asserted field by field */

/**
 * YAML 1.1 merge keys (`<<: *anchor`), which compose applies: the anchor's keys under the
 * node's own. js-yaml 5 reads YAML 1.2, where `<<` is an ordinary key.
 */
function applyMerges(node: any): any {
  if (Array.isArray(node)) return node.map(applyMerges);
  if (node === null || typeof node !== 'object') return node;
  const { '<<': merged, ...own } = node;
  const base = merged === undefined ? {} : Object.assign({}, ...[merged].flat().map(applyMerges));
  return { ...base, ...Object.fromEntries(Object.entries(own).map(([key, value]) => [key, applyMerges(value)])) };
}

/** js-yaml (brought by @nestjs/swagger) when it resolves, else Python's yaml module. */
function loadYaml(path: string): any {
  const text = readFileSync(path, 'utf8');
  try {
    const jsYaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
    return applyMerges(jsYaml.load(text));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
  }
  const python = spawnSync('python3', ['-c', 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'], { input: text, encoding: 'utf8' });
  if (python.status !== 0) throw new Error(`YAML okunamadı (js-yaml yok, python3 yaml: ${python.stderr})`);
  return applyMerges(JSON.parse(python.stdout));
}

describe('docker/compose.yaml', () => {
  const compose = loadYaml(join(repoRoot, 'docker/compose.yaml'));
  const services = compose.services as Record<string, any>;
  const env = (name: string) => services[name].environment as Record<string, string>;

  it('has PostgreSQL 16/17, Redis 7, MinIO and its bucket job, the migration job, the app and nginx (official images)', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'migrate', 'minio', 'minio-bucket', 'nginx', 'postgres', 'redis']);
    expect(services.minio.image).toMatch(/^minio\/minio(:|$)/);
    expect(services['minio-bucket'].image).toMatch(/^minio\/mc(:|$)/);
    expect(services.postgres.image).toMatch(/^postgres:1[67](\b|-)/);
    expect(services.redis.image).toMatch(/^redis:7(\b|-)/);
    expect(services.nginx.image).toMatch(/^nginx:/);
    // The job and the nodes run the one image this repository builds.
    expect(services.migrate.image).toBe(services.app.image);
    expect(services.app.build).toEqual({ context: '..', dockerfile: 'docker/Dockerfile' });
  });

  it('gives every service a health check (the one-shot job declares it has none)', () => {
    for (const [name, service] of Object.entries(services)) expect([name, typeof service.healthcheck]).toEqual([name, 'object']);
    expect(services.postgres.healthcheck.test.join(' ')).toContain('pg_isready');
    expect(services.redis.healthcheck.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(services.app.healthcheck.test.join(' ')).toContain('/api/health/ready');
    expect(services.nginx.healthcheck.test.join(' ')).toContain('/api/health/live');
    expect(services.migrate.healthcheck).toEqual({ disable: true });
    expect(services.minio.healthcheck.test).toEqual(['CMD', 'mc', 'ready', 'local']);
    expect(services['minio-bucket'].healthcheck).toEqual({ disable: true });
  });

  it('keeps pictures in MinIO: a volume, the bucket made (public downloads) before any node, and MEDIA_S3_* wired into the app', () => {
    expect(services.minio.volumes).toEqual(['miniodata:/data']);
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['pgdata', 'miniodata']));
    expect(env('minio').MINIO_ROOT_PASSWORD).toMatch(/^\$\{MINIO_ROOT_PASSWORD:\?[^}]+\}$/);
    const job = services['minio-bucket'];
    expect(job.restart).toBe('no');
    expect(job.depends_on).toEqual({ minio: { condition: 'service_healthy' } });
    const script = [job.entrypoint, job.command].flat().join(' ');
    expect(script).toContain('mc mb --ignore-existing gundem/gundem-media');
    expect(script).toContain('mc anonymous set download gundem/gundem-media');
    // $$ is compose's escape: the job's shell, not compose, reads the credentials.
    expect(script).toContain('"$$MINIO_ROOT_USER" "$$MINIO_ROOT_PASSWORD"');
    expect(env('app')).toMatchObject({
      MEDIA_STORAGE: 's3',
      MEDIA_S3_ENDPOINT: 'http://minio:9000',
      MEDIA_S3_BUCKET: 'gundem-media',
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      MEDIA_S3_ACCESS_KEY_ID: env('minio').MINIO_ROOT_USER,
      MEDIA_S3_SECRET_ACCESS_KEY: env('minio').MINIO_ROOT_PASSWORD,
    });
    expect(env('app').MEDIA_PUBLIC_URL).toMatch(/\/gundem-media\}?$/);
    // No secret or key of MinIO's reaches the migration job, which does not need it.
    expect(Object.keys(env('migrate')).filter((name) => name.startsWith('MEDIA_'))).toEqual([]);
  });

  it('runs the migration once, as `npm run migrate` does, before any node', () => {
    expect(services.migrate.command).toEqual(['node', 'backend/dist/cli/migrate.js']);
    expect(services.migrate.restart).toBe('no');
    // `npm run migrate` is scripts/run-cli.mjs on the same compiled file.
    const scripts = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts;
    expect(scripts.migrate).toBe('node scripts/run-cli.mjs migrate');
    expect(existsSync(join(repoRoot, 'backend/src/cli/migrate.ts'))).toBe(true);
    expect(services.migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services.app.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      migrate: { condition: 'service_completed_successfully' },
      'minio-bucket': { condition: 'service_completed_successfully' },
    });
  });

  it('runs at least two app nodes that share the database, Redis and the secret from the environment', () => {
    expect(services.app.deploy.replicas).toBeGreaterThanOrEqual(2);
    // Replicas cannot share a container name or a host port.
    expect(services.app.container_name).toBeUndefined();
    expect(services.app.ports).toBeUndefined();
    for (const name of ['app', 'migrate']) {
      expect(env(name).DATABASE_URL).toMatch(/^postgres:\/\/gundem:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/gundem$/);
      expect(env(name).REDIS_URL).toBe('redis://redis:6379');
      expect(env(name).JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?[^}]+\}$/);
    }
    expect(env('app').APP_URL).toBeDefined();
  });

  it('trusts X-Forwarded-For from nginx only: TRUST_PROXY is nginx’s fixed address, outside the range given to other containers', () => {
    const nginxAddress = services.nginx.networks.default.ipv4_address;
    expect(env('app').TRUST_PROXY).toBe(nginxAddress);
    const [{ subnet, ip_range: range }] = compose.networks.default.ipam.config;
    const lastOctet = Number(nginxAddress.split('.')[3]);
    expect(subnet).toBe(`${nginxAddress.split('.').slice(0, 3).join('.')}.0/24`);
    expect(range).toMatch(/\.128\/25$/);
    expect(lastOctet).toBeLessThan(128);
  });

  it('publishes only nginx, on GUNDEM_PORT (8080), with docker/nginx.conf mounted, and MinIO’s S3 port for the pictures', () => {
    const published = Object.entries(services).filter(([, service]) => service.ports);
    expect(published.map(([name]) => name).sort()).toEqual(['minio', 'nginx']);
    // The S3 API only (the pictures' public URLs); not the web console on 9001.
    expect(services.minio.ports).toEqual(['${MINIO_PORT:-9000}:9000']);
    expect(services.nginx.ports).toEqual(['${GUNDEM_PORT:-8080}:80']);
    expect(services.nginx.volumes).toEqual(['./nginx.conf:/etc/nginx/nginx.conf:ro']);
    expect(services.nginx.depends_on.app).toMatchObject({ condition: 'service_healthy', restart: true });
  });
});

describe('docker/Dockerfile', () => {
  const text = readFileSync(join(repoRoot, 'docker/Dockerfile'), 'utf8');
  // Instructions with their continuation lines joined, comments dropped.
  const instructions = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'));
  const stages: { name: string; lines: string[] }[] = [];
  for (const line of instructions) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ name: from[2] ?? 'runtime', lines: [] });
    stages.at(-1)?.lines.push(line);
  }
  const stage = (name: string) => stages.find((s) => s.name === name)!.lines;

  it('builds on Node 24 in three stages: build (with dev dependencies), deps (production only), runtime', () => {
    expect(instructions[0]).toBe('ARG NODE_IMAGE=node:24-bookworm-slim');
    expect(stages.map((s) => s.name)).toEqual(['build', 'deps', 'runtime']);
    for (const s of stages) expect(s.lines[0]).toMatch(/^FROM \$\{NODE_IMAGE\}/);
    expect(stage('build')).toEqual(expect.arrayContaining(['RUN npm ci --no-audit --no-fund', 'RUN npm run build']));
    // Only the server's workspaces: no devDependency and none of the frontend's dependencies.
    expect(stage('deps').find((line) => line.startsWith('RUN npm ci'))).toMatch(/^RUN npm ci --omit=dev --workspace contract --workspace backend /);
  });

  it('ships the built output only, runs as `node` under tini, with a liveness check and no secret', () => {
    const runtime = stage('runtime');
    const copied = runtime.filter((line) => line.startsWith('COPY')).map((line) => line.replace(/^COPY\s+/, ''));
    expect(copied).toEqual([
      '--from=deps /app/node_modules node_modules',
      'package.json ./',
      'contract/package.json contract/',
      '--from=build /app/contract/dist contract/dist',
      'backend/package.json backend/',
      '--from=build /app/backend/dist backend/dist',
      '--from=build /app/frontend/dist frontend/dist',
      '--from=build /app/frontend/dist-ssr frontend/dist-ssr',
      'scripts/run-cli.mjs scripts/build-if-needed.mjs scripts/',
    ]);
    for (const file of ['scripts/run-cli.mjs', 'scripts/build-if-needed.mjs']) expect(existsSync(join(repoRoot, file))).toBe(true);
    expect(runtime).toContain('USER node');
    expect(runtime).toContain('STOPSIGNAL SIGTERM');
    expect(runtime).toContain('ENTRYPOINT ["/usr/bin/tini", "--"]');
    expect(runtime).toContain('CMD ["node", "backend/dist/main.js"]');
    expect(runtime.find((line) => line.startsWith('ENV'))).toContain('NODE_ENV=production');
    expect(runtime.find((line) => line.startsWith('HEALTHCHECK'))).toContain('/api/health/live');
    // No secret baked in: no ENV or ARG names one, and nothing copies an .env file.
    expect(instructions.filter((line) => /^(ENV|ARG)\s/.test(line)).join('\n')).not.toMatch(/SECRET|PASSWORD|DATABASE_URL/);
    expect(instructions.filter((line) => line.startsWith('COPY')).join('\n')).not.toMatch(/\.env/);
  });

  it('lets `npm run migrate|user:create` run in the image: built output without sources is not rebuilt', () => {
    // The runtime stage's layout, minus node_modules: manifests, dist folders, the two scripts.
    const dir = mkdtempSync(join(tmpdir(), 'gundem-image-layout-'));
    try {
      for (const file of ['package.json', 'contract/package.json', 'backend/package.json', 'scripts/run-cli.mjs', 'scripts/build-if-needed.mjs']) {
        mkdirSync(join(dir, file, '..'), { recursive: true });
        copyFileSync(join(repoRoot, file), join(dir, file));
      }
      for (const output of ['contract/dist/index.js', 'frontend/dist/index.html', 'frontend/dist-ssr/entry-server.mjs', 'backend/dist/main.js']) {
        mkdirSync(join(dir, output, '..'), { recursive: true });
        writeFileSync(join(dir, output), '');
        // Older than the manifests (COPY may give files any time): that alone must not trigger a build.
        utimesSync(join(dir, output), new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
      }
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', `(await import(${JSON.stringify(join(dir, 'scripts/build-if-needed.mjs'))})).buildIfNeeded()`], {
        encoding: 'utf8',
      });
      expect(run.status).toBe(0);
      expect(run.stdout + run.stderr).not.toContain('derleniyor');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has a .dockerignore that keeps dependencies, builds, local data, secrets and git out of the context', () => {
    const ignored = readFileSync(join(repoRoot, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '**/.data', '**/.env', '**/.env.*', '.git', '.ci']));
  });
});
