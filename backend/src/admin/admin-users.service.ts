import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ActivityEvents } from '../common/activity/activity-events';
import { FORBIDDEN, USER_NOT_FOUND } from '../common/common.texts';
import { charCount, likePattern } from '../posts/post-text';
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from '../posts/posts.texts';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { isStaff, type UserRole } from '../users/roles';
import type { User } from '../users/user.entity';
import { toUserResponse, type UserResponse } from '../users/user.response';
import { UsersService } from '../users/users.service';
import { AuditLogWriter } from '../audit/audit-log.writer';
import type { InTransaction } from '../posts/post-deletion.service';
import type { AuditAction } from '@gundem/contract';
import { AdminRepository, type LockedUser } from './admin.repository';
import { ACTIVATE_AWAITS_DECISION, CANNOT_CHANGE_OWN_ROLE, CANNOT_DEACTIVATE_SELF, ROLES_ADMIN_ONLY, STAFF_ACCOUNTS_ADMIN_ONLY, SUSPENDED_USE_UNDO, USER_UPDATED } from './admin.texts';
import { type AdminPageQueryDto, type Pagination, pageOffset, pagination } from './dto/admin-page-query.dto';
import { singleChange, type UpdateUserDto, type UserChange } from './dto/update-user.dto';

export const USERS_PAGE_SIZE = 10;

/** likePattern() without the Turkish rules (`I` → `i`), for the ASCII usernames and e-mail addresses. */
function plainLikePattern(query: string): string {
  return `%${query.normalize('NFC').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What staff may do to an account (docs/wire-contract.md#admin):
 * - nobody deactivates themself or changes their own role (any value, even the same one);
 * - only an admin changes roles, and only an admin changes anything on a staff account
 *   (moderator or admin), so moderators cannot act on each other or on admins;
 * - a moderator may activate/deactivate and verify/unverify members (role `user`).
 * Together these keep at least one active admin: an admin can only be demoted or deactivated by
 * another admin, who stays one (the row locks below keep two admins from doing it to each other
 * at the same moment).
 */
function checkPermission(actor: { id: string; role: UserRole }, target: { id: string; role: UserRole }, change: UserChange): void {
  if (target.id === actor.id) {
    if (change.field === 'role') throw new ForbiddenException(CANNOT_CHANGE_OWN_ROLE);
    if (change.field === 'isActive' && !change.value) throw new ForbiddenException(CANNOT_DEACTIVATE_SELF);
  }
  if (actor.role === 'admin') return;
  if (change.field === 'role') throw new ForbiddenException(ROLES_ADMIN_ONLY);
  if (target.role !== 'user') throw new ForbiddenException(STAFF_ACCOUNTS_ADMIN_ONLY);
}

/** The audit log's code of a change (docs/wire-contract.md#audit-log). */
function auditAction(change: UserChange): AuditAction {
  if (change.field === 'role') return 'user.role';
  if (change.field === 'isActive') return change.value ? 'user.activate' : 'user.deactivate';
  return change.value ? 'user.verify' : 'user.unverify';
}

/** The changed field's value before the change, read under the row's lock. */
function currentValue(target: LockedUser, change: UserChange): boolean | UserRole {
  if (change.field === 'role') return target.role;
  return change.field === 'isActive' ? target.is_active : target.is_verified;
}

/** Back-office user management: the list with private fields, and one change at a time. */
@Injectable()
export class AdminUsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: AdminRepository,
    private readonly realtime: RealtimeEvents,
    private readonly users: UsersService,
    private readonly activity: ActivityEvents,
    private readonly audit: AuditLogWriter,
  ) {}

  /** Every account, newest first; `search` over username, display name and e-mail (Turkish case rules). */
  async list(query: AdminPageQueryDto): Promise<{ users: UserResponse[]; pagination: Pagination }> {
    const page = query.page ?? 1;
    const limit = query.limit ?? USERS_PAGE_SIZE;
    if (query.search && charCount(query.search) > SEARCH_MAX_LENGTH) throw new BadRequestException(SEARCH_TOO_LONG);
    const patterns = query.search ? { turkish: likePattern(query.search), plain: plainLikePattern(query.search) } : null;
    const { ids, total } = await this.repository.userPage(patterns, limit, pageOffset(page, limit));
    return { users: await this.byIds(ids), pagination: pagination(page, limit, total) };
  }

  /** The `n` newest accounts, with private fields (the dashboard). */
  async newest(n: number): Promise<UserResponse[]> {
    const { ids } = await this.repository.userPage(null, n, 0, false);
    return this.byIds(ids);
  }

  /**
   * Applies exactly one of isActive, isVerified, role. The actor's and the target's rows are
   * locked (in id order) and the rules checked on their current values, so a permission that
   * was revoked a moment ago no longer counts. Deactivating also bumps the session version, so
   * the account's tokens stay invalid even if it is activated again, and closes its sockets.
   */
  async update(actor: Pick<User, 'id' | 'role'>, targetId: string, dto: UpdateUserDto, within?: InTransaction): Promise<{ message: string; user: UserResponse }> {
    const change = singleChange(dto);
    const deactivated = await this.dataSource.transaction(async (em) => {
      if (within) await within(em);
      const rows = await this.repository.lockUsers(em, [actor.id, targetId]);
      const target = rows.find((r) => r.id === targetId);
      if (!target) throw new NotFoundException(USER_NOT_FOUND);
      const current = rows.find((r) => r.id === actor.id);
      if (!current?.is_active || !isStaff(current)) throw new ForbiddenException(FORBIDDEN);
      checkPermission(current, target, change);
      // A registration under approval is decided on its own screen (approve also activates), not by the switch.
      if (change.field === 'isActive' && change.value && target.approval) throw new BadRequestException(ACTIVATE_AWAITS_DECISION);
      // A suspension is lifted by its undo (or its end), which the member's notice and the history show.
      if (change.field === 'isActive' && target.suspended) throw new ConflictException(SUSPENDED_USE_UNDO);
      const endsSessions = change.field === 'isActive' && !change.value && target.is_active;
      await this.repository.applyUserChange(em, targetId, change, endsSessions);
      // In the change's transaction: the entry commits (or rolls back) with it.
      await this.audit.record(em, {
        actorId: actor.id,
        action: auditAction(change),
        targetType: 'user',
        targetId,
        targetLabel: `@${target.username}`,
        before: { [change.field]: currentValue(target, change) },
        after: { [change.field]: change.value },
      });
      return endsSessions;
    });
    // After commit: every node reads the session row again (role, active, verified), and a
    // deactivated account's open sockets on every node are closed.
    this.users.sessionChanged(targetId);
    if (deactivated) this.realtime.disconnectUser(targetId);
    if (change.field === 'isActive') this.activity.publish({ kind: 'account', actorId: actor.id, userId: targetId, active: change.value, at: new Date() });
    const [user] = await this.byIds([targetId]);
    return { message: USER_UPDATED, user };
  }

  private async byIds(ids: string[]): Promise<UserResponse[]> {
    if (!ids.length) return [];
    const users = await this.repository.usersByIds(ids);
    const byId = new Map(users.map((u) => [u.id, u]));
    return ids.flatMap((id) => {
      const user = byId.get(id);
      return user ? [toUserResponse(user, { includePrivate: true })] : [];
    });
  }
}
