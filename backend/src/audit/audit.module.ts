import { Global, Module } from '@nestjs/common';
import { AuditLogWriter } from './audit-log.writer';
import { AuditLogRepository } from './audit-log.repository';

/**
 * The staff audit log (docs/architecture.md#audit-log): the writer every back-office action records
 * with, and the list's reads. Global, as SettingsModule: settings/, posts/ and admin/ write entries.
 * The admins-only route is AdminAuditController (admin/).
 */
@Global()
@Module({
  providers: [AuditLogWriter, AuditLogRepository],
  exports: [AuditLogWriter, AuditLogRepository],
})
export class AuditModule {}
