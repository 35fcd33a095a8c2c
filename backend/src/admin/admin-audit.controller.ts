import type { AuditPage } from '@gundem/contract';
import { BadRequestException, Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuditLogRepository, toAuditEntry } from '../audit/audit-log.repository';
import { HeavyQueryInterceptor } from '../common/concurrency/heavy-queries';
import { decodeCursor, toPage } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE } from '../common/pagination/page-query.dto';
import { Roles } from '../users/roles';
import { AUDIT_TARGET_ID_NEEDS_TYPE } from './admin.texts';
import { AuditQueryDto } from './dto/audit-query.dto';

/**
 * The staff audit log (docs/wire-contract.md#audit-log): admins only, as the settings, since it
 * shows what every moderator did. Newest first, keyset-paged by (createdAt, id).
 */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@UseInterceptors(HeavyQueryInterceptor)
@Controller('admin/audit')
export class AdminAuditController {
  constructor(private readonly audit: AuditLogRepository) {}

  /** Filters `actorId`, `action`, `targetType` (+ `targetId`); all optional, combined with AND. */
  @Get()
  async list(@Query() query: AuditQueryDto): Promise<AuditPage> {
    // A target id names a row of one kind: without its type the filter would match by chance only.
    if (query.targetId && !query.targetType) throw new BadRequestException(AUDIT_TARGET_ID_NEEDS_TYPE);
    const cursor = decodeCursor(query.cursor);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const rows = await this.audit.page(
      { actorId: query.actorId?.toLowerCase(), action: query.action, targetType: query.targetType, targetId: query.targetId?.toLowerCase() },
      cursor,
      limit + 1,
    );
    const page = toPage(rows, limit, (row) => ({ createdAt: row.created_at, id: row.id }));
    return { entries: page.items.map(toAuditEntry), nextCursor: page.nextCursor };
  }
}
