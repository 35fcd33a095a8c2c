import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { PostsRepository } from './posts.repository';

/** How often pending views reach the database. */
export const VIEW_FLUSH_INTERVAL_MS = 2_000;
/** Distinct posts pending before a flush starts early. */
export const VIEW_FLUSH_EARLY_POSTS = 10_000;
/** Distinct posts pending at most (memory bound while the database is away): views of further posts are not counted. */
export const VIEW_BUFFER_MAX_POSTS = 50_000;

/**
 * View counts, buffered per node. Counting a view with `UPDATE posts SET view_count = view_count
 * + 1` on every open made all readers of one hot post queue on its row lock; here a view is a
 * map increment and every 2 s one statement adds them all (PostsRepository.addViews). The answer
 * shows the stored count plus this node's pending views of the post, so a reader sees their own
 * view counted. A crash loses at most the last interval's views; a clean shutdown flushes.
 */
@Injectable()
export class PostViewsBuffer implements OnApplicationShutdown {
  private readonly logger = new Logger('PostViewsBuffer');
  private pending = new Map<string, number>();
  /** Taken out of `pending` by the flush in flight and not yet committed: still shown. */
  private inFlight = new Map<string, number>();
  private flushing: Promise<void> | null = null;
  private dropped = 0;
  private flushGeneration = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly posts: PostsRepository) {
    this.timer = setInterval(() => void this.flush(), VIEW_FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Counts one view of the post. */
  add(postId: string): void {
    const count = this.pending.get(postId);
    if (count === undefined && this.pending.size >= VIEW_BUFFER_MAX_POSTS) {
      this.dropped += 1;
      return;
    }
    this.pending.set(postId, (count ?? 0) + 1);
    if (this.pending.size >= VIEW_FLUSH_EARLY_POSTS && !this.flushing) void this.flush();
  }

  /**
   * Moves whenever a flush starts or ends: a read of the stored count that saw it unchanged, and
   * no flush running at its end, overlapped no flush (it cannot have seen in-flight views).
   */
  get generation(): number {
    return this.flushGeneration;
  }

  get busy(): boolean {
    return this.flushing !== null;
  }

  /** Resolves when no flush is running (after the one in flight, if any). */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
  }

  /** This node's views of the post that the database does not hold yet. */
  pendingFor(postId: string): number {
    return (this.pending.get(postId) ?? 0) + (this.inFlight.get(postId) ?? 0);
  }

  /** Writes every pending view; resolves when they are committed (or put back after a failure). */
  flush(): Promise<void> {
    // One flush at a time; a second caller waits for it and then writes what came meanwhile.
    if (this.flushing) return this.flushing.then(() => this.flush());
    if (!this.pending.size) return Promise.resolve();
    this.flushing = this.write().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async write(): Promise<void> {
    this.flushGeneration += 1;
    this.inFlight = this.pending;
    this.pending = new Map();
    // Sorted, so two nodes flushing at once lock the rows in the same order (no deadlock).
    const ids = [...this.inFlight.keys()].sort();
    try {
      await this.posts.addViews(
        ids,
        ids.map((id) => this.inFlight.get(id)!),
      );
    } catch (error) {
      // Kept for the next flush (within the bound), not lost to a database hiccup.
      for (const [id, n] of this.inFlight) {
        const count = this.pending.get(id);
        if (count === undefined && this.pending.size >= VIEW_BUFFER_MAX_POSTS) this.dropped += n;
        else this.pending.set(id, (count ?? 0) + n);
      }
      this.logger.warn(`Görüntülenme sayıları yazılamadı, yeniden denenecek: ${String(error)}`);
    } finally {
      this.inFlight = new Map();
      this.flushGeneration += 1;
    }
    if (this.dropped) {
      this.logger.warn(`${this.dropped} görüntülenme, tampon dolu olduğu için sayılmadı.`);
      this.dropped = 0;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
