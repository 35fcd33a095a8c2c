import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reachableBy } from './embedded-postgres-runtime';

describe('reachableBy', () => {
  let root: string;
  // A user that owns nothing here and is in no group of these files: judged by the other bits.
  const stranger = { uid: 54321, gid: 54321 };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'gundem-reach-'));
    chmodSync(root, 0o755);
    mkdirSync(join(root, 'home/app/bin'), { recursive: true });
    writeFileSync(join(root, 'home/app/bin/postgres'), '');
    chmodSync(join(root, 'home/app/bin/postgres'), 0o755);
  });
  afterEach(() => {
    chmodSync(join(root, 'home'), 0o755);
    rmSync(root, { recursive: true, force: true });
  });

  it('every folder open to others: reachable', () => {
    chmodSync(join(root, 'home'), 0o755);
    expect(reachableBy(join(root, 'home/app/bin/postgres'), stranger)).toBe(true);
  });

  it('one ancestor 0700 (a home folder): not reachable, for a known or a not yet created user', () => {
    chmodSync(join(root, 'home'), 0o700);
    expect(reachableBy(join(root, 'home/app/bin/postgres'), stranger)).toBe(false);
    expect(reachableBy(join(root, 'home/app/bin/postgres'), undefined)).toBe(false);
  });

  it('0710: reachable only through the group bits, by a member of the owning group', () => {
    chmodSync(join(root, 'home'), 0o710);
    expect(reachableBy(join(root, 'home/app/bin/postgres'), stranger)).toBe(false);
    const owners = { uid: 54321, gid: process.getgid!() };
    expect(reachableBy(join(root, 'home/app/bin/postgres'), owners)).toBe(true);
  });

  it('a path that does not exist is not reachable', () => {
    expect(reachableBy(join(root, 'nowhere/postgres'), stranger)).toBe(false);
  });
});
