import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A private message. Both users are foreign keys to users (ON DELETE CASCADE). The indexes live
 * in the migration (expression and partial indexes TypeORM's @Index cannot say):
 * - (least(sender, receiver), greatest(sender, receiver), created_at DESC, id DESC): one
 *   conversation's messages, newest first, and its latest message;
 * - (sender_id, created_at DESC) and (receiver_id, created_at DESC): a user's conversations;
 * - (receiver_id, sender_id) WHERE read_at IS NULL: unread counts and marking as read.
 */
@Entity('messages')
export class Message {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'sender_id', type: 'uuid' })
  senderId: string;

  @Column({ name: 'receiver_id', type: 'uuid' })
  receiverId: string;

  /** 1..1000 characters (code points), trimmed; checked by the DTO and by a CHECK constraint. */
  @Column({ type: 'varchar', length: 1000 })
  text: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** When the receiver first opened the conversation after it arrived; null while unread. */
  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;
}
