import type { Page } from 'playwright-core';
import { type AxeViolation, describeViolations, runAxe } from './axe';
import { DEMO, type E2E, postMenuButton, startE2E, withScreenshots } from './harness';

/** axe-core inside the real page: no serious or critical violations on the main screens. */
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
});
