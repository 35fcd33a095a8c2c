import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { UserRole } from './roles';

/** Unique lower(username) and lower(email) indexes live in the migration (expression indexes). */
/** `users.approval` (null: approved or never waited). */
export type AccountApproval = 'pending' | 'rejected';

/** `users.allow_messages`. */
export type AllowMessages = 'everyone' | 'following' | 'nobody';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 30 })
  username: string;

  @Column({ name: 'display_name', type: 'varchar', length: 50 })
  displayName: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false })
  passwordHash: string;

  @Column({ type: 'varchar', length: 160, default: '' })
  bio: string;

  @Column({ type: 'varchar', length: 30, default: '' })
  location: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  website: string;

  @Column({ name: 'cover_image', type: 'varchar', length: 500, nullable: true })
  coverImage: string | null;

  @Column({ name: 'profile_image', type: 'varchar', length: 500, nullable: true })
  profileImage: string | null;

  /** The storage key behind `profileImage` (media/profile-images.service.ts); never sent. */
  @Column({ name: 'profile_image_key', type: 'varchar', length: 100, nullable: true, select: false })
  profileImageKey?: string | null;

  /** The storage key behind `coverImage`; never sent. */
  @Column({ name: 'cover_image_key', type: 'varchar', length: 100, nullable: true, select: false })
  coverImageKey?: string | null;

  @Column({ name: 'is_verified', type: 'boolean', default: false })
  isVerified: boolean;

  @Column({ name: 'is_email_verified', type: 'boolean', default: false })
  isEmailVerified: boolean;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  /**
   * Registration under approval (docs/wire-contract.md#registration-approval): `pending` while staff
   * have not decided, `rejected` once refused (the account stays inactive either way); null once
   * approved, as for every account that did not wait.
   */
  @Column({ type: 'varchar', length: 10, nullable: true, default: null })
  approval: AccountApproval | null;

  /** Inactive because of a standing suspension (moderation/; is_active is false with it). */
  @Column({ type: 'boolean', default: false })
  suspended: boolean;

  @Column({ type: 'varchar', length: 16, default: 'user' })
  role: UserRole;

  @Column({ name: 'following_count', type: 'integer', default: 0 })
  followingCount: number;

  @Column({ name: 'followers_count', type: 'integer', default: 0 })
  followersCount: number;

  @Column({ name: 'posts_count', type: 'integer', default: 0 })
  postsCount: number;

  /** Bumped when every existing token of the user must stop working (password reset). */
  @Column({ name: 'session_version', type: 'integer', default: 0, select: false })
  sessionVersion: number;

  /** Whose mentions notify the member (`everyone` | `following`); read and set by notifications/ only. */
  @Column({ name: 'mentions_from', type: 'varchar', length: 16, default: 'everyone', select: false })
  mentionsFrom?: 'everyone' | 'following';

  /** `Gönderilerimi koru`: follows need approval, the posts are the followers' only (docs/product.md#privacy). */
  @Column({ type: 'boolean', default: false })
  protected: boolean;

  /** Who may message the member: everyone, the accounts the member follows, nobody. */
  @Column({ name: 'allow_messages', type: 'varchar', length: 9, default: 'everyone' })
  allowMessages: AllowMessages;

  /** Off: out of who-to-follow and people search (still reachable by URL and mentions). */
  @Column({ type: 'boolean', default: true })
  discoverable: boolean;

  /** Off: the profile's lists (followers, following, likes) are hidden from others. */
  @Column({ name: 'public_profile', type: 'boolean', default: true })
  publicProfile: boolean;

  /** The settings object's display and notification parts (users/preferences); never sent as is. */
  @Column({ type: 'jsonb', default: {}, select: false })
  preferences?: Record<string, unknown>;

  @Column({ name: 'last_login', type: 'timestamptz', nullable: true })
  lastLogin: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
