import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type Activity, ActivityEvents } from '../common/activity/activity-events';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { pgErrorCode } from '../database/query-rows';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { toNotificationGroup } from './dto/notification.response';
import { type ActorType, type ChangedGroup, type EventColumns, NotificationsRepository, type UndoableType } from './notifications.repository';
import { NOTIFICATIONS_WRITE_FAILED } from './notifications.texts';

/** Activities queued on this node are written together at most this long after the first. */
export const NOTIFICATION_FLUSH_MS = 20;
/** A queue this long is written at once. */
export const NOTIFICATION_MAX_BATCH = 500;
/**
 * Beyond this many waiting activities (the database far behind), new ones are dropped and
 * logged: notifications are best effort, and an unbounded queue would take the node down.
 */
export const NOTIFICATION_MAX_QUEUE = 50_000;

/**
 * The unread counts and groups of `notification:new` are read at most this often per node, for
 * every member whose notifications changed since: a post liked a thousand times a second costs
 * two reads per interval, not two per batch. The first change after a quiet spell goes out at once.
 */
export const NOTIFICATION_ANNOUNCE_MS = 100;

/** Deadlock and serialization failure: the batch is tried once more. */
const RETRYABLE = new Set(['40P01', '40001']);

function columns(): EventColumns {
  return { actorIds: [], targetIds: [], at: [], names: [] };
}

function push(into: EventColumns, actorId: string, targetId: string, at: Date, name: string | null = null): void {
  into.actorIds.push(actorId);
  into.targetIds.push(targetId);
  into.at.push(at);
  into.names.push(name);
}

/**
 * Writes notifications AFTER the action that causes them has committed, off its request: an
 * in-process batched writer fed by ActivityEvents (docs/architecture.md#notifications says why not
 * an outbox table). A like answers as fast as before; within NOTIFICATION_FLUSH_MS every activity
 * this node saw is written in one statement per kind, and a failure is logged, never shown to
 * the member who liked. Batches are written one after another, in order.
 *
 * Each statement reads what is true when it runs (the like still exists, the post still exists),
 * so activities may be written in any order, on any node: an unlike written before its like's
 * notification leaves nothing behind. A node that dies loses at most its queue (a fraction of a
 * second of notifications); the likes themselves are safe.
 *
 * Then every member concerned gets `notification:new` (a new actor) or `notification:read` (a
 * withdrawal) with their absolute unread count (RealtimeEvents), read at most every
 * NOTIFICATION_ANNOUNCE_MS for all of them together; not those who switched live pushes off.
 */
@Injectable()
export class NotificationsWriter implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Notifications');
  private queue: Activity[] = [];
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private unsubscribe?: () => void;
  private lastDropLog = 0;
  /** Members to tell since the last announcement: the groups that got an actor, and withdrawals. */
  private changed = new Map<string, Set<string>>();
  private withdrawn = new Set<string>();
  private announceTimer?: NodeJS.Timeout;
  private lastAnnounce = 0;

  constructor(
    private readonly repository: NotificationsRepository,
    private readonly realtime: RealtimeEvents,
    private readonly activity: ActivityEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (!this.config.notificationsEnabled) {
      this.logger.warn('NOTIFICATIONS_ENABLED=false: bu düğüm yeni bildirim yazmıyor');
      return;
    }
    this.unsubscribe = this.activity.subscribe((activity) => this.enqueue(activity));
  }

  /** Writes what is queued before the database goes away. */
  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    await this.drain();
  }

  /** Resolves once everything queued so far is written, and pushed. */
  async drain(): Promise<void> {
    while (this.queue.length) {
      this.flush();
      await this.running;
    }
    await this.running;
    if (this.announceTimer) {
      clearTimeout(this.announceTimer);
      this.announceTimer = undefined;
      await this.announce();
    }
  }

  private enqueue(activity: Activity): void {
    if (activity.kind === 'post-deleted') {
      // Nothing to write (the cascade removed the notifications): only counts to push, with the
      // withdrawals, in the writer's order.
      for (const id of activity.notified) this.withdrawn.add(id);
      this.scheduleAnnounce();
      return;
    }
    if (this.queue.length >= NOTIFICATION_MAX_QUEUE) {
      const now = Date.now();
      if (now - this.lastDropLog > 10_000) {
        this.lastDropLog = now;
        this.logger.warn(`${NOTIFICATIONS_WRITE_FAILED}: kuyruk dolu (${NOTIFICATION_MAX_QUEUE}), yeni bildirimler atlanıyor`);
      }
      return;
    }
    this.queue.push(activity);
    if (this.queue.length >= NOTIFICATION_MAX_BATCH) {
      this.flush();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), NOTIFICATION_FLUSH_MS);
    this.timer.unref();
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    if (!batch.length) return;
    this.running = this.running.then(() => this.write(batch));
  }

  /** Never throws: every failure is logged and the batch's other kinds still go in. */
  private async write(batch: Activity[]): Promise<void> {
    const inserts = new Map<ActorType, EventColumns>();
    const withdrawals = new Map<UndoableType, EventColumns>();
    const into = <K>(map: Map<K, EventColumns>, key: K) => {
      let found = map.get(key);
      if (!found) map.set(key, (found = columns()));
      return found;
    };
    const resolved: { recipients: string[]; at: Date[] } = { recipients: [], at: [] };
    for (const a of batch) {
      if (a.kind === 'report-resolved') {
        for (const id of a.reporterIds) {
          resolved.recipients.push(id);
          resolved.at.push(a.at);
        }
        continue;
      }
      // Nothing to write: a deactivation, a deletion (see enqueue), a post's changed pictures, a removed post restored, a follow request or a protection change (its pushes are realtime/'s).
      if (a.kind === 'account' || a.kind === 'post-deleted' || a.kind === 'post-updated' || a.kind === 'post-restored' || a.kind === 'follow-request' || a.kind === 'protection') continue;
      if (a.kind === 'moderation') {
        push(into(inserts, 'moderation'), a.userId, a.userId, a.at);
        continue;
      }
      if (a.kind === 'post') {
        if (a.replyToId) push(into(inserts, 'reply'), a.actorId, a.postId, a.at);
        if (a.quoteOfId) push(into(inserts, 'quote'), a.actorId, a.postId, a.at);
        for (const name of a.mentions) push(into(inserts, 'mention'), a.actorId, a.postId, a.at, name);
      } else if (a.kind === 'post-edited') {
        // The reposters (one event: the statement finds them); a mention the edit added as a new post's.
        push(into(inserts, 'edit'), a.actorId, a.postId, a.at);
        for (const name of a.mentions) push(into(inserts, 'mention'), a.actorId, a.postId, a.at, name);
      } else {
        const target = a.kind === 'follow' ? a.userId : a.postId;
        push(a.active ? into(inserts, a.kind) : into(withdrawals, a.kind), a.actorId, target, a.at);
      }
    }
    const changed: ChangedGroup[] = [];
    for (const [type, events] of inserts) {
      const rows = await this.attempt(`${type}`, () => this.repository.insert(type, events));
      if (rows) changed.push(...rows);
    }
    if (resolved.recipients.length) {
      const rows = await this.attempt('report_resolved', () => this.repository.insertReportResolved(resolved.recipients, resolved.at));
      if (rows) changed.push(...rows);
    }
    for (const [type, events] of withdrawals) {
      const recipients = await this.attempt(`${type} geri alma`, () => this.repository.withdraw(type, events));
      for (const id of recipients ?? []) this.withdrawn.add(id);
    }
    for (const row of changed) {
      let groups = this.changed.get(row.recipient_id);
      if (!groups) this.changed.set(row.recipient_id, (groups = new Set()));
      groups.add(row.group_id);
    }
    if (this.changed.size || this.withdrawn.size) this.scheduleAnnounce();
  }

  /** At once after a quiet NOTIFICATION_ANNOUNCE_MS, else when that much has passed since the last. */
  private scheduleAnnounce(): void {
    if (this.announceTimer) return;
    const wait = Math.max(0, this.lastAnnounce + NOTIFICATION_ANNOUNCE_MS - Date.now());
    this.announceTimer = setTimeout(() => {
      this.announceTimer = undefined;
      // In the writer's chain: announcements keep their order with the batches around them.
      this.running = this.running.then(() => this.announce());
    }, wait);
    this.announceTimer.unref();
  }

  private async attempt<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
    for (let tries = 1; ; tries++) {
      try {
        return await work();
      } catch (error) {
        if (tries < 2 && RETRYABLE.has(pgErrorCode(error) ?? '')) continue;
        this.logger.error(`${NOTIFICATIONS_WRITE_FAILED} (${what}): ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
    }
  }

  /**
   * One statement for the unread counts of every member to tell, one for their changed groups;
   * then `notification:new` (a new actor) or `notification:read` (only withdrawals) to each.
   * Never throws.
   */
  private async announce(): Promise<void> {
    this.lastAnnounce = Date.now();
    const changed = this.changed;
    const withdrawn = this.withdrawn;
    this.changed = new Map();
    this.withdrawn = new Set();
    if (!changed.size && !withdrawn.size) return;
    await this.attempt('anlık bildirim', () => this.tell(changed, withdrawn));
  }

  private async tell(changed: Map<string, Set<string>>, withdrawn: Set<string>): Promise<void> {
    const recipients = [...new Set([...changed.keys(), ...withdrawn])];
    const groupIds = [...changed.values()].flatMap((ids) => [...ids]);
    const [counts, groups, silent] = await Promise.all([
      this.repository.unreadCounts(recipients),
      this.repository.byIds(groupIds),
      this.repository.pushesOff(recipients),
    ]);
    // Per recipient, the newest of their changed groups.
    const newest = new Map<string, (typeof groups)[number]>();
    for (const group of groups) {
      const held = newest.get(group.recipient_id);
      if (!held || new Date(group.latest_at) > new Date(held.latest_at)) newest.set(group.recipient_id, group);
    }
    for (const recipientId of recipients) {
      // Live pushes switched off (notifications.push): stored and counted, seen on the next load.
      if (silent.has(recipientId)) continue;
      const unreadCount = counts.get(recipientId) ?? 0;
      const group = newest.get(recipientId);
      if (group) this.realtime.notificationNew(recipientId, { unreadCount, notification: toNotificationGroup(group) });
      else this.realtime.notificationRead(recipientId, { unreadCount });
    }
  }
}
