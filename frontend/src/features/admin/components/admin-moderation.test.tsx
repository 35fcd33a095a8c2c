import type { ReportCaseDetail, ReportCaseSummary } from '@gundem/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN } from '../../../test/admin';
import { createFakeSocket } from '../../../test/fake-socket';
import type { MockReply } from '../../../test/fetch-mock';
import { deferred, renderWithProviders } from '../../../test/render';
import { AdminLayout } from './admin-layout';
import { AdminModeration } from './admin-moderation';

function summary(overrides: Partial<ReportCaseSummary> & { id: string }): ReportCaseSummary {
  return {
    targetType: 'post',
    targetId: `p-${overrides.id}`,
    account: { id: 'u-kaba', username: 'kaba', displayName: 'Kaba Hesap', role: 'user' },
    status: 'open',
    reportCount: 2,
    categories: ['harassment', 'spam'],
    latestReportAt: '2026-03-05T10:00:00.000000Z',
    snapshot: {
      account: { id: 'u-kaba', username: 'kaba', displayName: 'Kaba Hesap', bio: null },
      post: { id: `p-${overrides.id}`, content: 'kaba bir gönderi', createdAt: '2026-03-05T09:00:00.000Z', media: [], sensitive: false },
      attachedPosts: [],
    },
    assignee: null,
    resolution: null,
    actionKind: null,
    resolvedBy: null,
    resolvedAt: null,
    ...overrides,
  };
}

const CASE = summary({ id: 'c1' });
const DETAIL: ReportCaseDetail = {
  case: CASE,
  reports: [
    {
      id: 'r1',
      reporter: { id: 'u-ayse', username: 'ayse', displayName: 'Ayşe' },
      category: 'harassment',
      rule: null,
      comment: 'sürekli hakaret ediyor',
      snapshot: CASE.snapshot,
      createdAt: '2026-03-05T10:00:00.000Z',
      updatedAt: '2026-03-05T10:00:00.000Z',
    },
  ],
  notes: [],
  recentPosts: [],
  earlierCases: [],
  actions: [],
};

const list = (cases: ReportCaseSummary[], nextCursor: string | null = null): MockReply => ({ body: { cases, nextCursor } });

describe('admin moderation desk', () => {
  it('shows a loading state, then the cases; a case opens its snapshot and every reporter’s comment', async () => {
    const answer = deferred<MockReply>();
    renderWithProviders(<AdminModeration />, {
      user: ADMIN,
      fetch: { 'GET /api/admin/reports': () => answer.promise, 'GET /api/admin/reports/c1': { body: DETAIL } },
    });
    expect(await screen.findByRole('status', { name: 'Bildirimler yükleniyor…' })).toBeTruthy();
    answer.resolve(list([CASE]));
    const item = await screen.findByTestId('moderation-case');
    expect(item.textContent).toContain('Gönderi · @kaba');
    expect(item.textContent).toContain('2 bildirim');
    await userEvent.click(item);
    const detail = await screen.findByTestId('moderation-detail');
    expect(within(detail).getByTestId('moderation-snapshot').textContent).toBe('kaba bir gönderi');
    expect(within(detail).getByText('sürekli hakaret ediyor')).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Gönderiyi sil' })).toBeTruthy();
  });

  it('asks the server for the tab and the order; shows each tab’s empty state and an error with a retry', async () => {
    const asked: string[] = [];
    let fail = true;
    renderWithProviders(<AdminModeration />, {
      user: ADMIN,
      fetch: {
        'GET /api/admin/reports': (_init, url) => {
          asked.push(url);
          if (fail) return { status: 500, body: { message: 'Sunucu hatası', statusCode: 500 } };
          return list([]);
        },
      },
    });
    expect(await screen.findByText('Bildirimler yüklenemedi', { selector: 'h2, h3, p, strong' })).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Açık bildirim yok')).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sıralama' }), 'most');
    await userEvent.click(screen.getByRole('tab', { name: 'Çözülen' }));
    expect(await screen.findByText('Çözülen bildirim yok')).toBeTruthy();
    expect(asked.some((url) => url.includes('status=resolved') && url.includes('sort=most'))).toBe(true);
  });

  it('resolves a case with one action and its note', async () => {
    let sent: unknown;
    renderWithProviders(<AdminModeration />, {
      user: ADMIN,
      fetch: {
        'GET /api/admin/reports': list([CASE]),
        'GET /api/admin/reports/c1': { body: DETAIL },
        'POST /api/admin/reports/c1/resolve': (init) => {
          sent = JSON.parse(String(init?.body));
          return { body: { message: 'Bildirim çözüldü ve işlem yapıldı.', case: { ...CASE, status: 'resolved', resolution: 'delete_post' } } };
        },
      },
    });
    await userEvent.click(await screen.findByTestId('moderation-case'));
    const detail = await screen.findByTestId('moderation-detail');
    await userEvent.type(within(detail).getByRole('textbox', { name: 'Gerekçe (kayda geçer; hesap işleminde ve gönderi silmede üyeye gösterilir)' }), 'kural 2');
    await userEvent.click(within(detail).getByRole('button', { name: 'Gönderiyi sil' }));
    await waitFor(() => expect(sent).toEqual({ action: 'delete_post', note: 'kural 2' }));
  });

  it('resolves with an account action: a 7-day suspension with the reason and a rule; without a reason it says so and sends nothing', async () => {
    const sent: unknown[] = [];
    renderWithProviders(<AdminModeration />, {
      user: ADMIN,
      fetch: {
        'GET /api/rules': { body: { rules: [{ id: 'r-1', position: 1, text: 'Saygılı olun.', hint: null }, { id: 'r-3', position: 2, text: 'Taciz yasaktır.', hint: null }] } },
        'GET /api/admin/reports': list([CASE]),
        'GET /api/admin/reports/c1': { body: { ...DETAIL, reports: [{ ...DETAIL.reports[0], rule: { id: 'r-3', number: 2, text: 'Taciz yasaktır.' } }] } },
        'POST /api/admin/reports/c1/resolve': (init) => {
          sent.push(JSON.parse(String(init?.body)));
          return { body: { message: 'Bildirim çözüldü ve işlem yapıldı.', case: { ...CASE, status: 'resolved', resolution: 'account_action', actionKind: 'suspend' } } };
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('moderation-case'));
    const detail = await screen.findByTestId('moderation-detail');
    expect(within(detail).getByText('Bildirilen kural: Kural 2: Taciz yasaktır.')).toBeTruthy();
    const apply = within(detail).getByRole('button', { name: 'Hesap işlemini uygula' });
    await user.click(apply);
    expect(within(detail).getByText('Hesap işlemi için üyeye gösterilecek bir gerekçe yazın.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.selectOptions(within(detail).getByRole('combobox', { name: 'İşlem' }), 'suspend');
    await user.selectOptions(within(detail).getByRole('combobox', { name: 'Askı süresi' }), '7');
    const rule = within(detail).getByRole('combobox', { name: 'İhlal edilen kural (isteğe bağlı, üyeye gösterilir)' });
    await within(rule).findByRole('option', { name: 'Kural 2: Taciz yasaktır.' });
    await user.selectOptions(rule, 'r-3');
    await user.type(within(detail).getByRole('textbox', { name: 'Gerekçe (kayda geçer; hesap işleminde ve gönderi silmede üyeye gösterilir)' }), 'Tekrarlanan taciz.');
    await user.click(apply);
    await waitFor(() => expect(sent).toEqual([{ action: 'account_action', note: 'Tekrarlanan taciz.', ruleId: 'r-3', kind: 'suspend', days: 7 }]));
  });

  it('keeps the admin nav’s badge live from reports:open', async () => {
    const fake = createFakeSocket();
    renderWithProviders(<AdminLayout user={ADMIN} />, {
      user: ADMIN,
      socket: fake.factory,
      fetch: { 'GET /api/admin/reports/open-count': { body: { open: 2 } }, 'GET /api/admin/reports': list([]) },
    });
    const link = await screen.findByRole('link', { name: /Moderasyon/ });
    await waitFor(() => expect(link.textContent).toContain('2'));
    await fake.socket.serverEmit('reports:open', { open: 5 });
    await waitFor(() => expect(link.textContent).toContain('5'));
    expect(link.textContent).toContain('5 açık bildirim');
  });
});
