import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { NotificationType } from '@gundem/contract';

/**
 * One line of a member's notifications: every actor of (recipient, type, post) together
 * (migration 1764600000000-Notifications). The unique key is NULLS NOT DISTINCT and `unread` is
 * generated, both in the migration.
 */
@Entity('notification_groups')
@Index('idx_notification_groups_recipient_latest', ['recipientId', 'latestAt', 'id'])
export class NotificationGroup {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'recipient_id', type: 'uuid' })
  recipientId: string;

  @Column({ type: 'varchar', length: 16 })
  type: NotificationType;

  @Column({ name: 'post_id', type: 'uuid', nullable: true })
  postId: string | null;

  /** The newest actor's time. */
  @Column({ name: 'latest_at', type: 'timestamptz' })
  latestAt: Date;

  /** The latest_at the member had seen when marking the group read. */
  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;

  @Column({ type: 'boolean', insert: false, update: false, generatedType: 'STORED', asExpression: 'read_at IS NULL OR latest_at > read_at' })
  unread: boolean;
}
