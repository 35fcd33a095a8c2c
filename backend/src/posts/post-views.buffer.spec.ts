import { PostViewsBuffer } from './post-views.buffer';
import type { PostsRepository } from './posts.repository';

/** The buffer against a stubbed repository whose write commits when the test says so. */
describe('PostViewsBuffer (unit)', () => {
  let commit: () => void;
  /** After the test: writes commit at once (the shutdown's flush). */
  let autoCommit = false;
  let buffer: PostViewsBuffer;
  const written: [string[], number[]][] = [];
  beforeEach(() => {
    written.length = 0;
    autoCommit = false;
    const posts = {
      addViews: (ids: string[], counts: number[]) =>
        new Promise<void>((resolve) => {
          written.push([ids, counts]);
          commit = resolve;
          if (autoCommit) resolve();
        }),
    } as unknown as PostsRepository;
    buffer = new PostViewsBuffer(posts);
  });
  afterEach(async () => {
    autoCommit = true;
    commit?.();
    await buffer.onApplicationShutdown();
  });

  it('shows pending and in-flight views, and tells a reader that a flush overlapped its read', async () => {
    buffer.add('a');
    buffer.add('a');
    const before = buffer.generation;
    expect(buffer.busy).toBe(false);
    const flushing = buffer.flush();
    // In flight: still shown (the database does not hold them yet), and the flush is visible.
    expect(buffer.pendingFor('a')).toBe(2);
    expect(buffer.busy).toBe(true);
    expect(buffer.generation).not.toBe(before);
    buffer.add('a');
    expect(buffer.pendingFor('a')).toBe(3);
    let idle = false;
    const waiting = buffer.idle().then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    const during = buffer.generation;
    commit();
    await flushing;
    await waiting;
    // Committed: only the view that came meanwhile is pending; the generation moved again.
    expect(buffer.busy).toBe(false);
    expect(buffer.generation).not.toBe(during);
    expect(buffer.pendingFor('a')).toBe(1);
    expect(written).toEqual([[['a'], [2]]]);
  });
});
