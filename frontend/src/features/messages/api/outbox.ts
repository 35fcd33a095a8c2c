// Messages on their way: every send goes through here. A message is shown at once as
// "Gönderiliyor…" and sent one at a time, in order (single-flight), each with its own
// Idempotency-Key on every attempt: when the service cannot be reached (no answer, a gateway
// error, a 503 with Retry-After) it waits and goes again when the connection returns (the socket
// connects, the browser says it is online, or a growing timer fires), and the server stores it
// exactly once even if an earlier attempt had arrived. Any other answer is final: the message
// leaves the queue with the reason, for the composer to take the text back. The queue is kept in
// sessionStorage per member, so a reload of the tab keeps it (it resumes when the messages screen
// opens again); the keys are kept with it, so a resend after a reload is still the same message.
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, getToken, isUnavailable } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotent-write';
import type { RealtimeClient } from '../../../lib/realtime/socket-client';
import { conversationQueryKey } from './get-conversation';
import { addMessages, moveConversationToTop } from './message-cache';
import { sendMessage, type SendMessageResult } from './send-message';

export interface QueuedMessage {
  /** The Idempotency-Key of every attempt, and the item's id. */
  key: string;
  receiverId: string;
  content: string;
  createdAt: string;
  /** Set once the server refused it: the message is not sent again. */
  failed?: { status: number | null; message: string | null };
}

export interface OutboxDeps {
  queryClient: QueryClient;
  realtime: RealtimeClient | null;
}

export const OUTBOX_RETRY_MIN_MS = 1_000;
export const OUTBOX_RETRY_MAX_MS = 30_000;
const STORAGE_PREFIX = 'gundem_outbox:';

function load(viewer: string): QueuedMessage[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_PREFIX + viewer) ?? '[]') as unknown;
    return Array.isArray(stored)
      ? stored.filter(
          (item: Partial<QueuedMessage>) =>
            typeof item?.key === 'string' &&
            typeof item.receiverId === 'string' &&
            typeof item.content === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export class Outbox {
  private items: QueuedMessage[];
  private readonly listeners = new Set<() => void>();
  /** The run under way (see flush). */
  private running: Promise<void> | null = null;
  /** The connection came back while an attempt was under way: if it fails, try again at once. */
  private resumed = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelay: number;
  private deps: OutboxDeps | null = null;
  /** The session the queue belongs to: nothing is sent under another one. */
  private token: string | null = null;
  private unsubscribeStatus: (() => void) | null = null;
  private readonly onOnline = () => this.resume();

  /** `retryMinMs`: the first wait after an unreachable service (tests make it long). */
  constructor(
    readonly viewer: string,
    private readonly retryMinMs = OUTBOX_RETRY_MIN_MS,
  ) {
    this.items = load(viewer);
    this.retryDelay = retryMinMs;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The queue, oldest first (a new array after every change). */
  snapshot = (): QueuedMessage[] => this.items;

  /**
   * Connects the queue to the app (the cache the answers go to, the socket whose return resumes
   * it) for the signed-in session, and sends what is waiting. Stays connected after the screen
   * closes: a queued message still goes when the connection returns.
   */
  bind(deps: OutboxDeps): void {
    if (this.deps?.realtime !== deps.realtime) {
      this.unsubscribeStatus?.();
      this.unsubscribeStatus =
        deps.realtime?.onStatus((status) => {
          if (status === 'connected') this.resume();
        }) ?? null;
    }
    if (!this.deps && typeof window !== 'undefined') {
      window.addEventListener('online', this.onOnline);
    }
    this.deps = deps;
    this.token = getToken();
    void this.flush();
  }

  enqueue(receiverId: string, content: string): QueuedMessage {
    const item: QueuedMessage = {
      key: newIdempotencyKey(),
      receiverId,
      content,
      createdAt: new Date().toISOString(),
    };
    this.set([...this.items, item]);
    void this.flush();
    return item;
  }

  /** Takes a message out of the queue (a refused one, once its text is back in the box). */
  remove(key: string): void {
    if (this.items.some((item) => item.key === key)) {
      this.set(this.items.filter((item) => item.key !== key));
    }
  }

  /** The connection is back: try at once, with the delay from the start again. */
  resume(): void {
    this.clearRetry();
    this.retryDelay = this.retryMinMs;
    if (this.running) this.resumed = true;
    void this.flush();
  }

  /**
   * Sends the waiting messages one at a time, oldest first. One run at a time: while one is
   * under way this returns it (it also takes messages queued meanwhile).
   */
  flush(): Promise<void> {
    this.running ??= this.run();
    return this.running;
  }

  private async run(): Promise<void> {
    // Starts after `running` is set, and clears it in the same step that finds nothing left to
    // send: a message queued at any moment is either seen by this run or starts a new one.
    await null;
    try {
      for (;;) {
        this.resumed = false;
        const item = this.items.find((queued) => !queued.failed);
        const deps = this.deps;
        if (!item || !deps || getToken() !== this.token || !this.token) return;
        let result;
        try {
          result = await sendMessage(
            { receiverId: item.receiverId, content: item.content },
            deps.realtime?.socketId,
            item.key,
          );
        } catch (error) {
          if (isUnavailable(error)) {
            // The connection came back during this attempt: the next one may well go through.
            if (this.resumed) continue;
            this.retryLater();
            return;
          }
          // docs/product.md#error-texts: a send failure is logged; a refusal's reason is shown.
          console.error('Mesaj gönderilemedi', error);
          const failed =
            error instanceof ApiError
              ? { status: error.status, message: error.serverMessage }
              : { status: null, message: null };
          this.set(this.items.map((queued) => (queued === item ? { ...queued, failed } : queued)));
          continue;
        }
        this.retryDelay = this.retryMinMs;
        this.delivered(deps, item, result);
        this.remove(item.key);
      }
    } finally {
      this.running = null;
    }
  }

  /** The stored message joins the cached conversation, which moves to the top of the list. */
  private delivered(
    deps: OutboxDeps,
    item: QueuedMessage,
    result: SendMessageResult | undefined,
  ): void {
    const key = conversationQueryKey(item.receiverId, this.viewer);
    if (result?.message && deps.queryClient.getQueryData(key)) {
      addMessages(deps.queryClient, item.receiverId, this.viewer, [result.message]);
    } else {
      // Not loaded yet (a queue resumed at the screen's start): a load under way may have
      // begun before the message was stored, so it is dropped and the conversation read again.
      void deps.queryClient
        .cancelQueries({ queryKey: key, exact: true })
        .then(() => deps.queryClient.invalidateQueries({ queryKey: key, exact: true }));
    }
    if (result?.conversation) {
      moveConversationToTop(deps.queryClient, this.viewer, result.conversation);
    }
  }

  /** Stops every timer and listener (tests; the app keeps its queues for the tab's life). */
  dispose(): void {
    this.clearRetry();
    this.unsubscribeStatus?.();
    this.unsubscribeStatus = null;
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
    this.deps = null;
  }

  private retryLater(): void {
    if (this.retryTimer) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, OUTBOX_RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private set(items: QueuedMessage[]): void {
    this.items = items;
    try {
      if (items.length) sessionStorage.setItem(STORAGE_PREFIX + this.viewer, JSON.stringify(items));
      else sessionStorage.removeItem(STORAGE_PREFIX + this.viewer);
    } catch {
      // Storage full or off: the queue still lives in memory.
    }
    for (const listener of [...this.listeners]) listener();
  }
}

const outboxes = new Map<string, Outbox>();

/** The tab's queue for the member `viewer`. */
export function outboxFor(viewer: string): Outbox {
  let outbox = outboxes.get(viewer);
  if (!outbox) {
    outbox = new Outbox(viewer);
    outboxes.set(viewer, outbox);
  }
  return outbox;
}

/** Tests start from an empty tab. */
export function resetOutboxes(): void {
  for (const outbox of outboxes.values()) outbox.dispose();
  outboxes.clear();
}
