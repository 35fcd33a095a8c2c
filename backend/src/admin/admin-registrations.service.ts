import type { PendingRegistrationsPage, RegistrationDecisionResponse } from '@gundem/contract';
import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditLogWriter } from '../audit/audit-log.writer';
import { decodeCursor, toPage } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE } from '../common/pagination/page-query.dto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { mailLanguage } from '../common/i18n/language';
import { MailService } from '../mail/mail.service';
import { registrationApprovedMail, registrationRejectedMail } from '../mail/mail.templates';
import type { SessionUser } from '../users/session-user';
import { toUserResponse } from '../users/user.response';
import { UsersService } from '../users/users.service';
import { AdminRepository } from './admin.repository';
import { REGISTRATION_APPROVED, REGISTRATION_NOT_PENDING, REGISTRATION_REJECTED, STAFF_ACCOUNTS_ADMIN_ONLY } from './admin.texts';

/**
 * Registrations under approval (docs/wire-contract.md#registration-approval): staff list the
 * accounts that wait and approve or reject each. Sign-ups are members; a waiting account that was
 * given a staff role meanwhile is decided by an admin only, as every change to a staff account.
 * The decision and its audit entry commit together, and the member is mailed the outcome after
 * the commit.
 */
@Injectable()
export class AdminRegistrationsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: AdminRepository,
    private readonly audit: AuditLogWriter,
    private readonly mail: MailService,
    private readonly users: UsersService,
  ) {}

  async pending(query: { cursor?: string; limit?: number }): Promise<PendingRegistrationsPage> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const rows = await this.repository.pendingPage(decodeCursor(query.cursor), limit + 1);
    const page = toPage(rows, limit, (row) => ({ createdAt: row.created_at, id: row.id }));
    const ids = page.items.map((row) => row.id);
    const byId = new Map((ids.length ? await this.repository.usersByIds(ids) : []).map((user) => [user.id, user]));
    const users = ids.flatMap((id) => {
      const user = byId.get(id);
      return user ? [toUserResponse(user, { includePrivate: true })] : [];
    });
    return { users, nextCursor: page.nextCursor };
  }

  async decide(actor: Pick<SessionUser, 'id' | 'role'>, userId: string, approve: boolean): Promise<RegistrationDecisionResponse> {
    const decided = await this.dataSource.transaction(async (em) => {
      const row = await this.repository.decideRegistration(em, userId, approve);
      if (!row) throw new NotFoundException(REGISTRATION_NOT_PENDING);
      // Sign-ups are members; should a waiting account have been given a staff role, only an admin decides (rolled back).
      if (row.role !== 'user' && actor.role !== 'admin') throw new ForbiddenException(STAFF_ACCOUNTS_ADMIN_ONLY);
      await this.audit.record(em, {
        actorId: actor.id,
        action: approve ? 'user.approve' : 'user.reject',
        targetType: 'user',
        targetId: row.id,
        targetLabel: `@${row.username}`,
        before: { approval: 'pending' },
        after: { approval: approve ? 'approved' : 'rejected' },
      });
      return row;
    });
    this.users.sessionChanged(userId);
    const mail = approve ? registrationApprovedMail : registrationRejectedMail;
    // In the language the member chose, if any (a waiting account may have saved it); else Turkish.
    this.mail.queue(mail(decided.email, decided.display_name, this.config.appUrl, mailLanguage(decided.language)));
    const [user] = await this.repository.usersByIds([userId]);
    return { message: approve ? REGISTRATION_APPROVED : REGISTRATION_REJECTED, user: toUserResponse(user, { includePrivate: true }) };
  }
}
