import type { AdminPostsPage, AdminUsersPage, Dashboard, Notice, UpdatePostResponse, UpdateUserResponse } from '@gundem/contract';
import { Body, Controller, Delete, Get, Param, Patch, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { HeavyQueryInterceptor } from '../common/concurrency/heavy-queries';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import { Roles, STAFF_ROLES } from '../users/roles';
import type { SessionUser } from '../users/session-user';
import { AdminDashboardService } from './admin-dashboard.service';
import { AdminPostsService } from './admin-posts.service';
import { AdminUsersService } from './admin-users.service';
import { AdminPageQueryDto } from './dto/admin-page-query.dto';
import { RemovePostDto } from './dto/remove-post.dto';
import { SetSensitiveDto } from './dto/set-sensitive.dto';
import { UpdateUserDto } from './dto/update-user.dto';

/**
 * The back-office panel's API for staff (moderator, admin): guests 401, members 403. Finer
 * rules (who may change roles or staff accounts) live in AdminUsersService. The settings routes
 * (admins only) are in settings/settings.controller.ts.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Roles(...STAFF_ROLES)
// Lists, searches and statistics: their database work shares HeavyQueries' few connections.
@UseInterceptors(HeavyQueryInterceptor)
@Controller('admin')
export class AdminController {
  constructor(
    private readonly dashboard: AdminDashboardService,
    private readonly users: AdminUsersService,
    private readonly posts: AdminPostsService,
  ) {}

  /** Statistics, the 5 newest accounts and the 5 newest posts. */
  @Get('dashboard')
  getDashboard(@CurrentUser() viewer: SessionUser): Promise<Dashboard> {
    return this.dashboard.get(viewer);
  }

  /** Every account, newest first, 10 a page; `search` over username, display name and e-mail. */
  @Get('users')
  listUsers(@Query() query: AdminPageQueryDto): Promise<AdminUsersPage> {
    return this.users.list(query);
  }

  /** Exactly one of `isActive`, `isVerified`, `role`. */
  @Patch('users/:id')
  updateUser(@Param('id', UuidPipe) id: string, @Body() dto: UpdateUserDto, @CurrentUser() actor: SessionUser): Promise<UpdateUserResponse> {
    return this.users.update(actor, id, dto);
  }

  /** Every post of any author, newest first, 20 a page; `search` over the content. */
  @Get('posts')
  listPosts(@Query() query: AdminPageQueryDto, @CurrentUser() viewer: SessionUser): Promise<AdminPostsPage> {
    return this.posts.list(viewer, query);
  }

  /** Sets or clears the post's `sensitive` mark (its pictures behind a placeholder), for any author's post. */
  @Patch('posts/:id')
  updatePost(@Param('id', UuidPipe) id: string, @Body() dto: SetSensitiveDto, @CurrentUser() viewer: SessionUser): Promise<UpdatePostResponse> {
    return this.posts.setSensitive(viewer, id, dto.sensitive);
  }

  /** Deletes the post with its likes and reposts; replies to it stay as standalone posts. */
  @Delete('posts/:id')
  deletePost(@Param('id', UuidPipe) id: string, @Body() dto: RemovePostDto, @CurrentUser() actor: SessionUser): Promise<Notice> {
    return this.posts.delete(actor, id.toLowerCase(), undefined, dto);
  }
}
