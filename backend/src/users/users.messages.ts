/** Kept apart from UsersService so modules that UsersModule itself imports (social) can use them. */
export const USER_NOT_FOUND = 'Kullanıcı bulunamadı.';
