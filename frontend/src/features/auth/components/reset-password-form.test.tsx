import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { mockFetch } from '../../../test/fetch-mock';
import { ResetPasswordForm } from './reset-password-form';

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordForm />} />
        <Route path="/" element={<p>home-page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const VALID_URL = '/reset-password?token=tok-1&email=ayse%40ornek.com';

function passwordFields() {
  return {
    password: screen.getByLabelText('Yeni şifre') as HTMLInputElement,
    confirm: screen.getByLabelText('Yeni şifre (tekrar)') as HTMLInputElement,
  };
}

async function submitWith(password: string, confirm: string) {
  const user = userEvent.setup();
  const fields = passwordFields();
  if (password) await user.type(fields.password, password);
  if (confirm) await user.type(fields.confirm, confirm);
  await user.click(screen.getByRole('button', { name: 'Şifreyi sıfırla' }));
}

describe('ResetPasswordForm', () => {
  it.each([
    ['without a token', '/reset-password?email=ayse%40ornek.com'],
    ['without an e-mail', '/reset-password?token=tok-1'],
    ['without both', '/reset-password'],
    ['with an empty token', '/reset-password?token=&email=ayse%40ornek.com'],
  ])('shows the invalid-link message %s', (_, url) => {
    renderAt(url);
    expect(screen.getByText('Geçersiz şifre sıfırlama bağlantısı.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Yeni bağlantı iste' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('Yeni şifre')).toBeNull();
  });

  it('refuses a password shorter than 6 characters', async () => {
    const { fetchMock } = mockFetch({});
    renderAt(VALID_URL);
    await submitWith('12345', '12345');
    expect(screen.getByText('Şifre en az 6 karakter olmalıdır.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a password of spaces only without calling the server', async () => {
    const { fetchMock } = mockFetch({});
    renderAt(VALID_URL);
    await submitWith('      ', '      ');
    expect(screen.getByText('Şifre yalnızca boşluklardan oluşamaz.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that does not match', async () => {
    const { fetchMock } = mockFetch({});
    renderAt(VALID_URL);
    await submitWith('gizli123', 'gizli124');
    expect(screen.getByText('Şifreler eşleşmiyor.')).toBeTruthy();
    expect(screen.queryByText('Şifre en az 6 karakter olmalıdır.')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends token, email and newPassword, shows success, then goes home after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockFetch({
      'POST /api/auth/reset-password': { body: { message: 'Şifre güncellendi' } },
    });
    renderAt(VALID_URL);
    const { password, confirm } = passwordFields();
    fireEvent.change(password, { target: { value: 'yeniSifre1' } });
    fireEvent.change(confirm, { target: { value: 'yeniSifre1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Şifreyi sıfırla' }));

    expect(await screen.findByText('Şifreniz başarıyla sıfırlandı!')).toBeTruthy();
    expect(calls[0].body).toEqual({
      token: 'tok-1',
      email: 'ayse@ornek.com',
      newPassword: 'yeniSifre1',
    });

    act(() => {
      vi.advanceTimersByTime(1800);
    });
    expect(screen.queryByText('home-page')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.getByText('home-page')).toBeTruthy();
  });

  it("shows the server's message on failure", async () => {
    mockFetch({
      'POST /api/auth/reset-password': {
        status: 400,
        body: { message: 'Bağlantının süresi dolmuş', statusCode: 400 },
      },
    });
    renderAt(VALID_URL);
    await submitWith('gizli123', 'gizli123');
    expect((await screen.findByRole('alert')).textContent).toBe('Bağlantının süresi dolmuş');
    expect(screen.queryByText('Şifreniz başarıyla sıfırlandı!')).toBeNull();
  });

  it('falls back to "Şifre sıfırlama başarısız oldu." without a message', async () => {
    mockFetch({ 'POST /api/auth/reset-password': { status: 500 } });
    renderAt(VALID_URL);
    await submitWith('gizli123', 'gizli123');
    expect((await screen.findByRole('alert')).textContent).toBe('Şifre sıfırlama başarısız oldu.');
  });

  it('uses the same fallback when the network fails', async () => {
    mockFetch({ 'POST /api/auth/reset-password': { networkError: true } });
    renderAt(VALID_URL);
    await submitWith('gizli123', 'gizli123');
    expect((await screen.findByRole('alert')).textContent).toBe('Şifre sıfırlama başarısız oldu.');
  });
});
