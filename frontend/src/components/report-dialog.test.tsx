import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { page } from '../test/fixtures';
import { member, renderWithProviders } from '../test/render';
import { ReportDialog } from './report-dialog';

const rules = [
  { id: 'r-1', position: 1, text: 'Saygılı olun.', hint: null },
  { id: 'r-2', position: 2, text: 'Spam yapmayın.', hint: null },
];

/** The report dialog's rule choice and its block-in-the-same-step box (issue 25). */
describe('ReportDialog — rule and block', () => {
  it('sends the chosen rule and `block`, and the thanks step says the account is blocked', async () => {
    let sent: unknown;
    renderWithProviders(<ReportDialog targetType="post" targetId="p1" account={{ username: 'mehmet' }} onClose={() => {}} />, {
      user: member,
      fetch: {
        'GET /api/rules': { body: { rules } },
        'GET /api/posts/user/mehmet': { body: page([]) },
        'POST /api/reports': (init) => {
          sent = JSON.parse(String(init?.body));
          return { status: 201, body: { message: 'Bildiriminiz için teşekkürler.', report: { id: 'x', updated: false }, blocked: true } };
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Gönderiyi bildir' });
    const ruleGroup = within(dialog).getByRole('group', { name: 'Hangi sunucu kuralını ihlal ediyor? (isteğe bağlı)' });
    // No rule is the default choice.
    expect(await within(ruleGroup).findByRole('radio', { name: 'Belirli bir kural seçmiyorum' })).toHaveProperty('checked', true);
    const user = userEvent.setup();
    await user.click(await within(ruleGroup).findByRole('radio', { name: 'Kural 2: Spam yapmayın.' }));
    await user.click(within(dialog).getByRole('radio', { name: 'İstenmeyen içerik (spam)' }));
    const block = within(dialog).getByRole('checkbox', { name: '@mehmet adlı kişiyi de engelle' });
    expect(block).toHaveProperty('checked', false);
    await user.click(block);
    await user.click(within(dialog).getByRole('button', { name: 'Bildir' }));
    const thanks = await screen.findByTestId('report-thanks');
    expect(sent).toEqual({ targetType: 'post', targetId: 'p1', category: 'spam', ruleId: 'r-2', block: true });
    expect(within(thanks).getByTestId('report-blocked').textContent).toBe('@mehmet engellendi: artık birbirinizin gönderilerini görmeyeceksiniz.');
  });

  it('without a rule or the box: neither is sent, and the thanks step says nothing of a block', async () => {
    let sent: unknown;
    renderWithProviders(<ReportDialog targetType="account" targetId="u-2" account={{ username: 'ayse' }} onClose={() => {}} />, {
      user: member,
      fetch: {
        'GET /api/rules': { body: { rules } },
        'GET /api/posts/user/ayse': { body: page([]) },
        'POST /api/reports': (init) => {
          sent = JSON.parse(String(init?.body));
          return { status: 201, body: { message: 'ok', report: { id: 'x', updated: false }, blocked: false } };
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Hesabı bildir' });
    const user = userEvent.setup();
    await within(dialog).findByRole('radio', { name: 'Kural 1: Saygılı olun.' });
    await user.click(within(dialog).getByRole('radio', { name: 'Diğer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Bildir' }));
    const thanks = await screen.findByTestId('report-thanks');
    expect(sent).toEqual({ targetType: 'account', targetId: 'u-2', category: 'other' });
    expect(within(thanks).queryByTestId('report-blocked')).toBeNull();
  });

  it('when the rules cannot be loaded, says so and still lets the member report', async () => {
    renderWithProviders(<ReportDialog targetType="message" targetId="m-1" account={{ username: 'ayse' }} onClose={() => {}} />, {
      user: member,
      fetch: {
        'GET /api/rules': { status: 500, body: { message: 'x', statusCode: 500 } },
        'GET /api/posts/user/ayse': { body: page([]) },
        'POST /api/reports': { status: 201, body: { message: 'ok', report: { id: 'x', updated: false }, blocked: false } },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Mesajı bildir' });
    expect(await within(dialog).findByText('Kurallar yüklenemedi; bildirimi kural seçmeden gönderebilirsiniz.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('radio', { name: 'Diğer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Bildir' }));
    expect(await screen.findByTestId('report-thanks')).toBeTruthy();
  });
});
