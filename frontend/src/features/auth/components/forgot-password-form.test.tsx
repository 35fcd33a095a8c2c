import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type MockReply } from '../../../test/fetch-mock';
import { ForgotPasswordForm } from './forgot-password-form';

async function submit(email: string) {
  render(<ForgotPasswordForm />);
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('E-posta'), email);
  await user.click(screen.getByRole('button', { name: 'Sıfırlama bağlantısı gönder' }));
}

describe('ForgotPasswordForm', () => {
  it('validates the e-mail before sending', async () => {
    const { fetchMock } = mockFetch({});
    await submit('ayse@');
    expect(screen.getByText('Geçerli bir e-posta adresi girin')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends { email } and shows the server's message", async () => {
    const { calls } = mockFetch({
      'POST /api/auth/forgot-password': { body: { message: 'E-posta gönderildi.' } },
    });
    await submit('ayse@ornek.com');
    expect((await screen.findByRole('status')).textContent).toBe('E-posta gönderildi.');
    expect(calls[0].body).toEqual({ email: 'ayse@ornek.com' });
  });

  it('shows the default success text when the answer has no message', async () => {
    mockFetch({ 'POST /api/auth/forgot-password': { body: {} } });
    await submit('ayse@ornek.com');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Şifre sıfırlama bağlantısı email adresinize gönderildi',
    );
  });

  it.each<[string, MockReply]>([
    ['a server error', { status: 429, body: { message: 'Çok fazla istek' } }],
    ['a network failure', { networkError: true }],
  ])('shows the failure text on %s', async (_, reply) => {
    mockFetch({ 'POST /api/auth/forgot-password': reply });
    await submit('ayse@ornek.com');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Bir hata oluştu. Lütfen tekrar deneyin.',
    );
  });
});
