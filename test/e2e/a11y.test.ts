import type { Page } from 'playwright-core';
import { type AxeViolation, describeViolations, runAxe } from './axe';
import { DEMO, type E2E, postMenuButton, startE2E, withScreenshots } from './harness';

/** axe-core inside the real page, in the light and the dark theme (runAxe): no serious or critical violations on the main screens. */
describe('accessibility (axe-core)', () => {
  let e2e: E2E;
  let member: Page;
  let admin: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    ({ page: member } = await e2e.newPage());
    await e2e.signIn(member, DEMO.ayse);
    ({ page: admin } = await e2e.newPage());
    await e2e.signIn(admin, DEMO.admin);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  async function audit(page: Page, path: string, ready: string): Promise<AxeViolation[]> {
    await page.goto(path);
    await page.getByText(ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    return runAxe(page);
  }

  it.each([
    ['home', '/', 'Günaydın gündem!'],
    ['explore', '/explore?q=istanbul', 'İstanbul'],
    ['profile', '/profile/ayse', 'Ayşe Yılmaz'],
    // A liked reply, with its "yanıt olarak @ayse" line (the demo seed's likes).
    ['profile likes', '/profile/ayse?tab=likes', 'Kesinlikle! Yapılandırma'],
    ['messages', '/messages', 'Mesajlar'],
  ])('%s has no serious or critical violations', (name, path, ready) =>
    withScreenshots(`a11y-${name}`, [member], async () => {
      expect(describeViolations(await audit(member, path, ready))).toEqual([]);
    }),
  );

  it('the follow lists at 390 px have no serious or critical violations and open from the profile’s counts (issue 23)', async () => {
    const { page: narrow } = await e2e.newPage({ width: 390, height: 844 });
    await withScreenshots('a11y-follow-lists', [narrow], async () => {
      await e2e.signIn(narrow, DEMO.ayse);
      await narrow.goto('/profile/ayse');
      await narrow.getByRole('link', { name: /Takip edilen/ }).click();
      await narrow.waitForURL(/\/profile\/ayse\/following$/);
      const list = narrow.getByRole('list', { name: 'Takip edilenler' });
      await list.getByText('gündem Yönetici').waitFor();
      // After the unread count, if any: "(3) @ayse … / gündem".
      expect(await narrow.title()).toMatch(/^(\(\d+\+?\) )?@ayse tarafından takip edilenler \/ gündem$/);
      await narrow.waitForLoadState('networkidle');
      expect(describeViolations(await runAxe(narrow))).toEqual([]);
      // Nothing wider than the screen.
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // By keyboard: the other tab with the arrow key.
      await narrow.getByRole('tab', { name: 'Takip edilenler' }).focus();
      await narrow.keyboard.press('ArrowLeft');
      await narrow.waitForURL(/\/profile\/ayse\/followers$/);
      await narrow.getByRole('list', { name: 'Takipçiler' }).getByText('gündem Yönetici').waitFor();
      expect(await narrow.title()).toMatch(/^(\(\d+\+?\) )?@ayse takipçileri \/ gündem$/);
      expect(describeViolations(await runAxe(narrow))).toEqual([]);
    });
  });

  it('the notifications screen of a member, with an unread group and the nav badge, has no serious or critical violations', () =>
    withScreenshots('a11y-notifications', [member], async () => {
      // Someone likes one of Ayşe's posts: the list has a real, unread line and the badge shows.
      const ayse = await e2e.token(DEMO.ayse);
      const created = await e2e.api<{ post: { _id: string } }>('/api/posts', { token: ayse, body: { content: 'Erişilebilirlik denemesi' } });
      const admin = await e2e.token(DEMO.admin);
      expect((await e2e.api(`/api/posts/${created.body.post._id}/like`, { method: 'PUT', token: admin })).status).toBe(200);
      // Opening the screen marks everything read: that request fails here, so the unread look and
      // the badge stay for the check (the screen keeps them when it cannot mark them read).
      await member.route('**/api/notifications/read-all', (route) => route.abort());
      await member.goto('/notifications');
      await member.getByTestId('notification').filter({ hasText: 'Erişilebilirlik denemesi' }).waitFor({ timeout: 10_000 });
      await member.locator('aside.left-sidebar [data-testid="nav-badge"]').waitFor();
      await member.waitForLoadState('networkidle');
      expect(describeViolations(await runAxe(member))).toEqual([]);
    }));

  it('the compose box with its @ suggestions open has no serious or critical violations', () =>
    withScreenshots('a11y-mention-suggest', [member], async () => {
      await member.goto('/');
      const compose = member.getByRole('textbox', { name: 'Gönderi metni' });
      await compose.click();
      await compose.pressSequentially('@ad', { delay: 30 });
      await member.getByRole('option', { name: /@admin/ }).waitFor({ timeout: 10_000 });
      expect(describeViolations(await runAxe(member))).toEqual([]);
    }));

  it('the new-message dialog with people found has no serious or critical violations', () =>
    withScreenshots('a11y-new-message', [member], async () => {
      await member.goto('/messages');
      await member.getByRole('button', { name: 'Yeni mesaj' }).click();
      const box = member.getByRole('dialog', { name: 'Yeni mesaj' }).getByRole('combobox', { name: 'Kişi ara' });
      await box.pressSequentially('mod', { delay: 30 });
      await member.getByRole('option', { name: /@moderator/ }).waitFor({ timeout: 10_000 });
      expect(describeViolations(await runAxe(member))).toEqual([]);
    }));

  it("a member's own post with its ⋯ menu open, then the delete dialog, has no serious or critical violations", () =>
    withScreenshots('a11y-post-menu', [member], async () => {
      await member.goto('/');
      const own = member.getByRole('article').filter({ hasText: 'Günaydın gündem!' }).first();
      await postMenuButton(own).click();
      await member.getByRole('menuitem', { name: 'Sil' }).waitFor();
      expect(describeViolations(await runAxe(member))).toEqual([]);
      await member.getByRole('menuitem', { name: 'Sil' }).click();
      const dialog = member.getByRole('dialog', { name: 'Gönderi silinsin mi?' });
      await dialog.waitFor();
      expect(describeViolations(await runAxe(member))).toEqual([]);
      // The demo post stays for the other screens.
      await dialog.getByRole('button', { name: 'Vazgeç' }).click();
      await dialog.waitFor({ state: 'detached' });
    }));

  it('the profile ⋯ menu, the block dialog and the settings’ Engellenenler, wide and at 390 px, have no serious or critical violations (issue 25)', async () => {
    const other = { username: 'engelkisi', displayName: 'Engel Kişi', email: 'engelkisi@ornek.com', password: 'gizli123' };
    expect((await e2e.api('/api/auth/register', { body: other })).status).toBe(201);
    await withScreenshots('a11y-block', [member], async () => {
      await member.goto(`/profile/${other.username}`);
      const menuButton = member.getByRole('button', { name: 'Hesap işlemleri' });
      await menuButton.click();
      await member.getByRole('menuitem', { name: `@${other.username} kullanıcısını engelle` }).waitFor();
      expect(describeViolations(await runAxe(member))).toEqual([]);
      await member.getByRole('menuitem', { name: `@${other.username} kullanıcısını engelle` }).click();
      const dialog = member.getByRole('dialog', { name: `@${other.username} engellensin mi?` });
      await dialog.waitFor();
      expect(describeViolations(await runAxe(member))).toEqual([]);
      await dialog.getByRole('button', { name: 'Engelle', exact: true }).click();
      await member.getByText('Bu hesabı engellediniz.').waitFor();
      expect(describeViolations(await audit(member, '/settings', 'Engel Kişi'))).toEqual([]);
    });
    const { page: narrow } = await e2e.newPage({ width: 390, height: 844 });
    await withScreenshots('a11y-block-390', [narrow], async () => {
      await e2e.signIn(narrow, DEMO.ayse);
      expect(describeViolations(await audit(narrow, '/settings', 'Engel Kişi'))).toEqual([]);
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // By keyboard: the row's button undoes the block.
      const undo = narrow.getByRole('button', { name: 'Engeli kaldır: Engel Kişi' });
      await undo.focus();
      await narrow.keyboard.press('Enter');
      await narrow.getByText('Kimseyi engellemediniz.').waitFor();
      expect(describeViolations(await runAxe(narrow))).toEqual([]);
    });
  });

  it('the report dialog and its thank-you step, then the moderation desk with a case open, wide and at 390 px, have no serious or critical violations', async () => {
    const other = { username: 'bildirilen', displayName: 'Bildirilen Hesap', email: 'bildirilen@ornek.com', password: 'gizli123' };
    expect((await e2e.api('/api/auth/register', { body: other })).status).toBe(201);
    const created = await e2e.api<{ post: { id: string } }>('/api/posts', { body: { content: 'Erişilebilirlik için bildirilen gönderi' }, token: await e2e.token(other) });
    await withScreenshots('a11y-report', [member], async () => {
      await member.goto(`/post/${created.body.post.id}`);
      const card = member.getByRole('article').filter({ hasText: 'Erişilebilirlik için bildirilen gönderi' }).first();
      await postMenuButton(card).click();
      await member.getByRole('menuitem', { name: 'Bildir', exact: true }).click();
      const dialog = member.getByRole('dialog', { name: 'Gönderiyi bildir' });
      await dialog.getByText('Eklenecek başka gönderi yok.').waitFor();
      expect(describeViolations(await runAxe(member))).toEqual([]);
      await dialog.getByRole('radio', { name: 'İstenmeyen içerik (spam)' }).check();
      await dialog.getByRole('button', { name: 'Bildir', exact: true }).click();
      await member.getByTestId('report-thanks').waitFor();
      expect(describeViolations(await runAxe(member))).toEqual([]);
      await member.getByTestId('report-thanks').getByRole('button', { name: 'Kapat' }).click();
    });
    await withScreenshots('a11y-moderation', [admin], async () => {
      await admin.goto('/admin/moderation');
      await admin.getByTestId('moderation-case').filter({ hasText: 'Erişilebilirlik için bildirilen gönderi' }).click();
      await admin.getByTestId('moderation-snapshot').waitFor();
      await admin.waitForLoadState('networkidle');
      expect(describeViolations(await runAxe(admin))).toEqual([]);
    });
    const { page: narrow } = await e2e.newPage({ width: 390, height: 844 });
    await withScreenshots('a11y-moderation-390', [narrow], async () => {
      await e2e.signIn(narrow, DEMO.moderator);
      await narrow.goto('/admin/moderation');
      await narrow.getByTestId('moderation-case').first().click();
      await narrow.getByTestId('moderation-snapshot').waitFor();
      await narrow.waitForLoadState('networkidle');
      expect(describeViolations(await runAxe(narrow))).toEqual([]);
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });

  it('admin dashboard has no serious or critical violations', () =>
    withScreenshots('a11y-admin', [admin], async () => {
      expect(describeViolations(await audit(admin, '/admin', 'Toplam kullanıcı'))).toEqual([]);
    }));

  it('the moderation notices page and the appeals queue (issue 25) have no serious or critical violations', async () => {
    await withScreenshots('a11y-moderation', [member, admin], async () => {
      expect(describeViolations(await audit(member, '/notifications/moderation', 'Hesabınız hakkında bir işlem yapılmadı.'))).toEqual([]);
      expect(describeViolations(await audit(admin, '/admin/appeals', 'Bekleyen itiraz yok'))).toEqual([]);
    });
  });

  it('the admin audit log, wide and at 390 px, has no serious or critical violations', async () => {
    // One entry at least: a settings save that changes nothing is still a logged staff action.
    const token = await e2e.token(DEMO.admin);
    expect((await e2e.api('/api/admin/settings', { method: 'PATCH', token, body: { maintenanceMode: false } })).status).toBe(200);
    // The ready text is the entry's target label (the action's name is also an option of the filter, hidden).
    await withScreenshots('a11y-admin-audit', [admin], async () => {
      expect(describeViolations(await audit(admin, '/admin/audit', 'Sistem ayarları'))).toEqual([]);
    });
    const { page: narrow } = await e2e.newPage({ width: 390, height: 844 });
    await withScreenshots('a11y-admin-audit-390', [narrow], async () => {
      await e2e.signIn(narrow, DEMO.admin);
      expect(describeViolations(await audit(narrow, '/admin/audit', 'Sistem ayarları'))).toEqual([]);
      // Stacked rows: nothing wider than the screen.
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
  /** axe wide (the signed-in page of `who`) and at 390 px (a fresh page), nothing wider than the phone's screen. */
  async function wideAndNarrow(name: string, page: Page, who: (typeof DEMO)[keyof typeof DEMO] | null, path: string, ready: string) {
    await withScreenshots(name, [page], async () => {
      expect(describeViolations(await audit(page, path, ready))).toEqual([]);
    });
    const { page: narrow } = await e2e.newPage({ width: 390, height: 844 });
    await withScreenshots(`${name}-390`, [narrow], async () => {
      if (who) await e2e.signIn(narrow, who);
      expect(describeViolations(await audit(narrow, path, ready))).toEqual([]);
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  }

  it('the server rules, public (/kurallar, a guest) and their editor (/admin/rules), wide and at 390 px, have no serious or critical violations (issue 25)', async () => {
    const token = await e2e.token(DEMO.admin);
    const rules = [{ text: 'Saygılı olun.', hint: 'Kişilere değil fikirlere itiraz edin.' }, { text: 'Spam ve reklam yok.' }];
    expect((await e2e.api('/api/admin/rules', { method: 'PUT', token, body: { rules } })).status).toBe(200);
    const { page: guest } = await e2e.newPage();
    await wideAndNarrow('a11y-rules', guest, null, '/kurallar', 'Kişilere değil fikirlere itiraz edin.');
    await wideAndNarrow('a11y-admin-rules', admin, DEMO.admin, '/admin/rules', 'Kural 2');
  });

  it('registrations waiting for approval (/admin/registrations), wide and at 390 px, have no serious or critical violations (issue 25)', async () => {
    const token = await e2e.token(DEMO.admin);
    expect((await e2e.api('/api/admin/settings', { method: 'PATCH', token, body: { registrationMode: 'approval' } })).status).toBe(200);
    try {
      const waiting = { username: 'onay_bekleyen', displayName: 'Onay Bekleyen', email: 'onay_bekleyen@ornek.com', password: 'gizli123' };
      expect((await e2e.api('/api/auth/register', { body: waiting })).status).toBe(201);
    } finally {
      expect((await e2e.api('/api/admin/settings', { method: 'PATCH', token, body: { registrationMode: 'open' } })).status).toBe(200);
    }
    await wideAndNarrow('a11y-admin-registrations', admin, DEMO.admin, '/admin/registrations', 'onay_bekleyen@ornek.com');
  });

  it('trend review (/admin/trends), wide and at 390 px, has no serious or critical violations (issue 25)', async () => {
    const token = await e2e.token(DEMO.admin);
    expect((await e2e.api('/api/admin/trends/hidden/erisilebilirlik', { method: 'PUT', token })).status).toBe(200);
    await wideAndNarrow('a11y-admin-trends', admin, DEMO.admin, '/admin/trends', '#erisilebilirlik');
  });
});
