import { DEMO, type E2E, postMenuButton, startE2E, withScreenshots } from './harness';

/**
 * Issue 25's journey: a member reports a post from its ⋯ menu; a moderator sees the back office's
 * badge, opens the case on /admin/moderation and resolves it by deleting the post; the reporter
 * is told that staff acted.
 */
describe('reports journey', () => {
  let e2e: E2E;
  const kaan = { username: 'kaan', displayName: 'Kaan Yıldız', email: 'kaan@ornek.com', password: 'gizli123' };

  beforeAll(async () => {
    e2e = await startE2E();
    expect((await e2e.api('/api/auth/register', { body: kaan })).status).toBe(201);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('a member reports a post; a moderator deletes it from the desk; the reporter sees the notification', async () => {
    const created = await e2e.api<{ post: { id: string } }>('/api/posts', { body: { content: 'Kurallara aykırı bir gönderi' }, token: await e2e.token(kaan) });
    const [member, moderator] = await e2e.signedInPair(DEMO.ayse, DEMO.moderator);
    await withScreenshots('reports-journey', [member, moderator], async () => {
      // The moderator's back office is open: its badge follows the new report live.
      await moderator.goto('/admin');
      const desk = moderator.getByRole('navigation', { name: 'Yönetim menüsü' }).getByRole('link', { name: /Moderasyon/ });
      await desk.waitFor();

      await member.goto(`/post/${created.body.post.id}`);
      const card = member.getByRole('article').filter({ hasText: 'Kurallara aykırı bir gönderi' }).first();
      await postMenuButton(card).click();
      await member.getByRole('menuitem', { name: 'Bildir', exact: true }).click();
      const dialog = member.getByRole('dialog', { name: 'Gönderiyi bildir' });
      await dialog.getByRole('radio', { name: 'Taciz ya da nefret söylemi' }).check();
      await dialog.getByRole('textbox', { name: 'Açıklama (isteğe bağlı)' }).fill('Hakaret içeriyor');
      await dialog.getByRole('button', { name: 'Bildir', exact: true }).click();
      await member.getByTestId('report-thanks').waitFor();
      await member.getByTestId('report-thanks').getByRole('button', { name: 'Kapat' }).click();

      await desk.filter({ hasText: '1 açık bildirim' }).waitFor();
      await desk.click();
      const item = moderator.getByTestId('moderation-case').filter({ hasText: 'Kurallara aykırı bir gönderi' });
      await item.click();
      const detail = moderator.getByTestId('moderation-detail');
      await detail.getByText('Hakaret içeriyor').waitFor();
      await detail.getByRole('button', { name: 'Gönderiyi sil' }).click();
      await moderator.getByTestId('moderation-resolved').waitFor();
      expect((await e2e.api(`/api/posts/${created.body.post.id}`)).status).toBe(404);

      await member.goto('/notifications');
      await member.getByTestId('notification').filter({ hasText: 'Bildiriminiz incelendi ve ekibimiz işlem yaptı. Teşekkürler!' }).waitFor();
    });
  });
});
