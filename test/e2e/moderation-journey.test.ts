import type { Page } from 'playwright-core';
import { describeViolations, runAxe } from './axe';
import { DEMO, type E2E, postMenuButton, startE2E, waitForHydration, withScreenshots } from './harness';

/**
 * Issue 25's reports ↔ actions journey, by the screens: a member reports a post naming a rule and
 * blocks its author in the same dialog; a moderator resolves the case with a 7-day suspension
 * (reason and rule); the author's login is refused naming the end date, and they appeal from the
 * notice it shows; an admin accepts; the author can log in again; the reporter got the
 * `report_resolved` notification; the audit log lists every step. axe on the report dialog, the
 * desk and the appeals page.
 */
describe('reports ↔ actions journey', () => {
  let e2e: E2E;
  const burak = { username: 'burak', displayName: 'Burak Er', email: 'burak@ornek.com', password: 'gizli123' };

  beforeAll(async () => {
    e2e = await startE2E();
    expect((await e2e.api('/api/auth/register', { body: burak })).status).toBe(201);
    const rules = await e2e.api('/api/admin/rules', {
      method: 'PUT',
      body: { rules: [{ text: 'Saygılı olun.' }, { text: 'Spam ve reklam yapmayın.' }] },
      token: await e2e.token(DEMO.admin),
    });
    expect(rules.status).toBe(200);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const logIn = async (page: Page) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.locator('aside.left-sidebar').getByRole('button', { name: 'Giriş Yap' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-posta').fill(burak.username);
    await dialog.getByLabel('Şifre').fill(burak.password);
    await dialog.getByRole('button', { name: 'Giriş Yap' }).click();
    return dialog;
  };
  /** Checked once every animation (a dialog's fade-in) has ended: mid-fade, text reads as low contrast. */
  const axeClean = async (page: Page) => {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(describeViolations(await runAxe(page))).toEqual([]);
  };

  it('report and block → 7-day suspension from the desk → notice and appeal → acceptance → audit', async () => {
    const created = await e2e.api<{ post: { id: string } }>('/api/posts', { body: { content: 'Ucuz takipçi satılır, hemen yazın' }, token: await e2e.token(burak) });
    const postId = created.body.post.id;
    const [member, moderator] = await e2e.signedInPair(DEMO.ayse, DEMO.moderator);
    const { page: author } = await e2e.newPage();
    const { page: admin } = await e2e.newPage();
    await withScreenshots('reports-actions-journey', [member, moderator, author, admin], async () => {
      // The member reports the post with a category and a rule, and blocks its author in the same step.
      await member.goto(`/post/${postId}`);
      const card = member.getByRole('article').filter({ hasText: 'Ucuz takipçi satılır' }).first();
      await postMenuButton(card).click();
      await member.getByRole('menuitem', { name: 'Bildir', exact: true }).click();
      const dialog = member.getByRole('dialog', { name: 'Gönderiyi bildir' });
      await dialog.getByRole('radio', { name: 'İstenmeyen içerik (spam)' }).check();
      await dialog.getByRole('radio', { name: 'Kural 2: Spam ve reklam yapmayın.' }).check();
      await dialog.getByRole('checkbox', { name: '@burak adlı kişiyi de engelle' }).check();
      await axeClean(member);
      await dialog.getByRole('button', { name: 'Bildir', exact: true }).click();
      const thanks = member.getByTestId('report-thanks');
      await thanks.getByText('@burak engellendi: artık birbirinizin gönderilerini görmeyeceksiniz.').waitFor();
      await thanks.getByRole('button', { name: 'Kapat' }).click();
      // The author's posts are gone for the member: the post's page, opened again, finds nothing.
      await member.reload();
      await member.getByText('Gönderi bulunamadı').waitFor();
      expect(await member.getByRole('article').filter({ hasText: 'Ucuz takipçi satılır' }).count()).toBe(0);

      // The moderator resolves the case with a 7-day suspension, a reason and the rule.
      await moderator.goto('/admin/moderation');
      await moderator.getByTestId('moderation-case').filter({ hasText: 'Ucuz takipçi satılır' }).click();
      const detail = moderator.getByTestId('moderation-detail');
      await detail.getByText('Bildirilen kural: Kural 2: Spam ve reklam yapmayın.').waitFor();
      await detail.getByRole('combobox', { name: 'İşlem' }).selectOption('suspend');
      await detail.getByRole('combobox', { name: 'Askı süresi' }).selectOption('7');
      const rule = detail.getByRole('combobox', { name: 'İhlal edilen kural (isteğe bağlı, üyeye gösterilir)' });
      await rule.locator('option', { hasText: 'Kural 2: Spam ve reklam yapmayın.' }).waitFor({ state: 'attached' });
      await rule.selectOption({ label: 'Kural 2: Spam ve reklam yapmayın.' });
      await detail.getByLabel('Gerekçe (kayda geçer; hesap işleminde ve gönderi silmede üyeye gösterilir)').fill('Tekrarlanan reklam paylaşımı.');
      await axeClean(moderator);
      await detail.getByRole('button', { name: 'Hesap işlemini uygula' }).click();
      await moderator.getByTestId('moderation-resolved').filter({ hasText: 'Hesap işlemi yapıldı (Askı)' }).waitFor();

      // The author cannot log in: the refusal names the end date; the notice shows the rule; they appeal.
      const login = await logIn(author);
      const refusal = login.getByRole('alert').filter({ hasText: 'askıya alındı' });
      await refusal.waitFor();
      expect(await refusal.textContent()).toMatch(/^Hesabınız \d{1,2} [A-ZÇĞİÖŞÜ][a-zçğıöşü]+ \d{4} tarihine kadar askıya alındı\.$/);
      const notice = login.getByTestId('moderation-notice');
      await notice.getByText('Tekrarlanan reklam paylaşımı.').waitFor();
      expect(await notice.getByTestId('notice-rule').textContent()).toBe('İhlal edilen kural: Kural 2: Spam ve reklam yapmayın.');
      await notice.getByRole('button', { name: 'İtiraz et' }).click();
      await notice.getByLabel('İtirazınız').fill('Reklam değil, kendi işimi tanıttım; bir daha olmayacak.');
      await notice.getByRole('button', { name: 'İtirazı gönder' }).click();
      await notice.getByText('İtirazınız inceleniyor').waitFor();

      // An admin accepts the appeal.
      await e2e.signIn(admin, DEMO.admin);
      await admin.goto('/admin/appeals');
      const appeal = admin.getByTestId('admin-appeal').filter({ hasText: '@burak' });
      await appeal.getByText('Reklam değil, kendi işimi tanıttım; bir daha olmayacak.').waitFor();
      await axeClean(admin);
      await appeal.getByRole('button', { name: 'Kabul et' }).click();
      await admin.getByText('Bekleyen itiraz yok').waitFor();

      // The author can log in again.
      const again = await logIn(author);
      await again.waitFor({ state: 'detached' });
      await author.locator('aside.left-sidebar').getByText('@burak').waitFor();

      // The reporter was told that staff acted (naming neither staff nor the action).
      await member.goto('/notifications');
      await member.getByTestId('notification').filter({ hasText: 'Bildiriminiz incelendi ve ekibimiz işlem yaptı. Teşekkürler!' }).waitFor();

      // The audit log lists the resolution, the suspension and the appeal's acceptance.
      await admin.goto('/admin/audit');
      const rows = admin.getByTestId('admin-audit-row');
      for (const label of ['Bildirim çözüldü', 'Hesap askıya alındı', 'İtiraz kabul edildi']) await rows.filter({ hasText: label }).first().waitFor();
      expect(await rows.filter({ hasText: 'Hesap askıya alındı' }).filter({ hasText: '@burak' }).count()).toBe(1);
      expect(await rows.filter({ hasText: 'İtiraz kabul edildi' }).filter({ hasText: '@burak' }).count()).toBe(1);
    });
  });
});
