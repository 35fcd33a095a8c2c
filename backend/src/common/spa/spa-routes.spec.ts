import { compileSpaRoutes } from './spa-routes';

describe('compileSpaRoutes', () => {
  const isRoute = compileSpaRoutes(['/', '/explore', '/profile', '/profile/:username', '/post/:id', '/admin/*', '/lang/:code?']);

  it.each(['/', '/explore', '/explore/', '/EXPLORE', '/profile', '/profile/ayse', '/profile/ayse/', '/post/123', '/admin', '/admin/', '/admin/users', '/admin/a/b.php', '/lang', '/lang/tr'])(
    'matches %s as the router does',
    (path) => expect(isRoute(path)).toBe(true),
  );

  it.each(['/zzz', '/explorer', '/profile/ayse/likes', '/post', '/post/', '/wp-login.php', '//', '/administrator', '/lang/tr/x'])('does not match %s', (path) =>
    expect(isRoute(path)).toBe(false),
  );

  it('takes regex characters in a literal segment literally', () => {
    const dotted = compileSpaRoutes(['/a.b']);
    expect(dotted('/a.b')).toBe(true);
    expect(dotted('/axb')).toBe(false);
  });
});
