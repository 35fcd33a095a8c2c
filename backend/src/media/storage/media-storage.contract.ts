import { createHash } from 'node:crypto';
import type { MediaStorage } from './media-storage';

/** What one driver under test gives the shared behaviours. */
export interface MediaStorageUnderTest {
  storage: MediaStorage;
  /**
   * Reads a key back as a visitor would get it (an HTTP GET of url(), or the file for the
   * filesystem driver); null when it is not there. contentType/cacheControl when the store keeps them.
   */
  read(key: string): Promise<{ bytes: Buffer; contentType?: string; cacheControl?: string } | null>;
}

/**
 * The behaviours every MediaStorage driver must show, for one `describe` per driver:
 * `describeMediaStorage('s3', (namespace) => …)`. `makeStorage` is called with a namespace; two
 * namespaces must not see each other's keys (two prefixes of one bucket, two folders).
 */
export function describeMediaStorage(name: string, makeStorage: (namespace: string) => Promise<MediaStorageUnderTest>): void {
  describe(`MediaStorage contract: ${name}`, () => {
    let run = 0;
    /** A fresh namespace per test, so tests do not see each other's keys. */
    const fresh = () => makeStorage(`contract-${Date.now().toString(36)}-${++run}`);

    it('stores bytes under a key and gives them back with their type, cacheable for good', async () => {
      const { storage, read } = await fresh();
      const bytes = picture('first');
      const key = keyOf(bytes);
      await storage.put(key, bytes, 'image/webp');

      const back = await read(key);
      expect(back?.bytes.equals(bytes)).toBe(true);
      if (back?.contentType !== undefined) expect(back.contentType).toBe('image/webp');
      if (back?.cacheControl !== undefined) expect(back.cacheControl).toMatch(/immutable/);
      expect(storage.url(key).endsWith(`/${key}`)).toBe(true);
      expect(await storage.stats()).toEqual({ files: 1, bytes: bytes.length });
    });

    it('puts the same key and bytes twice as one file', async () => {
      const { storage, read } = await fresh();
      const bytes = picture('twice');
      const key = keyOf(bytes);
      await storage.put(key, bytes, 'image/webp');
      await storage.put(key, bytes, 'image/webp');
      expect((await read(key))?.bytes.equals(bytes)).toBe(true);
      expect(await storage.stats()).toEqual({ files: 1, bytes: bytes.length });
    });

    it('deletes more keys than one S3 request takes (1,001), and unknown keys without an error', async () => {
      const { storage, read } = await fresh();
      const keys: string[] = [];
      let total = 0;
      const all = Array.from({ length: 1001 }, (_, i) => picture(`many-${i}`));
      for (let i = 0; i < all.length; i += 25) {
        await Promise.all(
          all.slice(i, i + 25).map(async (bytes) => {
            const key = keyOf(bytes);
            keys.push(key);
            total += bytes.length;
            await storage.put(key, bytes, 'image/webp');
          }),
        );
      }
      expect(await storage.stats()).toEqual({ files: 1001, bytes: total });

      await storage.delete([...keys, 'ff/ffffffffffffffffnotthere.webp']);
      expect(await storage.stats()).toEqual({ files: 0, bytes: 0 });
      expect(await read(keys[1000])).toBeNull();
      await expect(storage.delete(['00/neverstored.webp'])).resolves.toBeUndefined();
      await expect(storage.delete([])).resolves.toBeUndefined();
    });

    it('keeps two namespaces apart: stats and deletes see only their own keys', async () => {
      const [a, b] = await Promise.all([fresh(), fresh()]);
      const inA = picture('a');
      const inB = picture('b-longer');
      await a.storage.put(keyOf(inA), inA, 'image/webp');
      await b.storage.put(keyOf(inB), inB, 'image/webp');
      // The same key in both: deleting it in one leaves the other's.
      await a.storage.put(keyOf(inB), inB, 'image/webp');

      expect(await a.storage.stats()).toEqual({ files: 2, bytes: inA.length + inB.length });
      expect(await b.storage.stats()).toEqual({ files: 1, bytes: inB.length });
      await a.storage.delete([keyOf(inB)]);
      expect((await b.read(keyOf(inB)))?.bytes.equals(inB)).toBe(true);
      expect(await a.storage.stats()).toEqual({ files: 1, bytes: inA.length });
    });

    it('answers check() while the store is up', async () => {
      const { storage } = await fresh();
      await expect(storage.check()).resolves.toBeUndefined();
    });
  });
}

/** Some bytes that stand for a picture (a RIFF/WEBP header and a distinct body). */
export function picture(seed: string): Buffer {
  const body = createHash('sha256').update(seed).digest();
  return Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), body, Buffer.from(seed)]);
}

/** The media module's key shape: the hash's first two hex digits as a folder, then the hash. */
export function keyOf(bytes: Buffer): string {
  const hash = createHash('sha256').update(bytes).digest('hex');
  return `${hash.slice(0, 2)}/${hash}.webp`;
}
