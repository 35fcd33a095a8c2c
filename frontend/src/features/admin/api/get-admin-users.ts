import type { User } from '../../../lib/types';
import { adminList } from './admin-list';

/** docs/product.md#limits-and-timings: the users list shows 10 per page. */
export const ADMIN_USERS_PAGE_SIZE = 10;

const users = adminList<'users', User>('users', ADMIN_USERS_PAGE_SIZE);

/** GET /api/admin/users?page&limit=10&search */
export const getAdminUsers = users.get;
export const useAdminUsers = users.use;
