import type { Post } from '../../../lib/types';
import { adminList } from './admin-list';

/** docs/product.md#limits-and-timings: the posts list shows 20 per page. */
export const ADMIN_POSTS_PAGE_SIZE = 20;

const posts = adminList<'posts', Post>('posts', ADMIN_POSTS_PAGE_SIZE);

/** GET /api/admin/posts?page&limit=20&search */
export const getAdminPosts = posts.get;
export const useAdminPosts = posts.use;
