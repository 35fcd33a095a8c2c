import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One actor of a notification group: removed again when the actor undoes what they did. */
@Entity('notifications')
@Index('idx_notifications_group_created', ['groupId', 'createdAt'])
export class Notification {
  @PrimaryColumn({ name: 'group_id', type: 'uuid' })
  groupId: string;

  @PrimaryColumn({ name: 'actor_id', type: 'uuid' })
  actorId: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
