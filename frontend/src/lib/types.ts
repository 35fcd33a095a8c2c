// Entities shared by several features (SPEC.md section 3, CONTRACT.md wire shapes).

export type Role = 'user' | 'moderator' | 'admin';

export interface User {
  _id?: string;
  id?: string;
  username?: string;
  displayName?: string;
  email?: string;
  bio?: string;
  location?: string;
  website?: string;
  createdAt?: string;
  lastLogin?: string;
  isVerified?: boolean;
  isEmailVerified?: boolean;
  isActive?: boolean;
  role?: Role;
  followingCount?: number;
  followersCount?: number;
  postsCount?: number;
  coverImage?: string | null;
  profileImage?: string | null;
}

export function isStaff(user: User | null | undefined): boolean {
  return user?.role === 'admin' || user?.role === 'moderator';
}
