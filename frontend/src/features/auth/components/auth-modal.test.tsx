import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { useAuth, type AuthModalMode } from '../../../lib/auth';
import { AuthProvider } from '../../../lib/auth';
import { mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { AuthModal } from './auth-modal';

function Probe() {
  const { openAuthModal, user } = useAuth();
  return (
    <div>
      <button type="button" onClick={() => openAuthModal('login')}>
        open-login
      </button>
      <button type="button" onClick={() => openAuthModal('register')}>
        open-register
      </button>
      <p data-testid="who">{user ? user.username : 'guest'}</p>
    </div>
  );
}

function Who() {
  const { user } = useAuth();
  return <p data-testid="signed-in-as">{user ? user.username : 'guest'}</p>;
}

function renderModal(mode: AuthModalMode) {
  const view = render(
    <AuthProvider>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<Probe />} />
          <Route path="/forgot-password" element={<p>forgot-page</p>} />
        </Routes>
        <AuthModal />
      </MemoryRouter>
    </AuthProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: `open-${mode}` }));
  return view;
}

function dialog() {
  return screen.getByRole('dialog');
}

function field(label: string) {
  return within(dialog()).getByLabelText(label) as HTMLInputElement;
}

async function fillRegister(values: {
  displayName?: string;
  username?: string;
  email?: string;
  password?: string;
}) {
  const user = userEvent.setup();
  if (values.displayName) await user.type(field('Ad Soyad'), values.displayName);
  if (values.username) await user.type(field('Kullanıcı adı'), values.username);
  if (values.email) await user.type(field('E-posta'), values.email);
  if (values.password) await user.type(field('Şifre'), values.password);
  return user;
}

const validRegistration = {
  displayName: 'Ayşe Yılmaz',
  username: 'ayse_01',
  email: 'ayse@ornek.com',
  password: 'gizli123',
};

describe('AuthModal — dialog behaviour', () => {
  it('is a named modal dialog with focus inside', () => {
    renderModal('login');
    const modal = screen.getByRole('dialog', { name: 'Giriş Yap' });
    expect(modal.getAttribute('aria-modal')).toBe('true');
    expect(modal.contains(document.activeElement)).toBe(true);
    expect(field('E-posta').placeholder).toBe('E-posta veya kullanıcı adı');
  });

  it('closes on Escape', async () => {
    renderModal('login');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    renderModal('login');
    await userEvent.click(field('Şifre'));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('switches between login and register', async () => {
    renderModal('login');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Kayıt Ol' }));
    expect(screen.getByRole('dialog', { name: 'Hesap Oluştur' })).toBeTruthy();
    expect(field('Kullanıcı adı')).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Giriş Yap' }));
    expect(screen.getByRole('dialog', { name: 'Giriş Yap' })).toBeTruthy();
  });

  it('links "Şifremi unuttum" to /forgot-password and closes', async () => {
    renderModal('login');
    const link = within(dialog()).getByRole('link', { name: 'Şifremi unuttum' });
    expect(link.getAttribute('href')).toBe('/forgot-password');
    await userEvent.click(link);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('forgot-page')).toBeTruthy();
  });
});

describe('AuthModal — login', () => {
  it('requires both fields and sends nothing while they are empty', async () => {
    const { fetchMock } = mockFetch({});
    renderModal('login');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Giriş Yap' }));
    expect(within(dialog()).getAllByText('Bu alan zorunludur')).toHaveLength(2);
    expect(field('E-posta').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs in: sends { login, password }, stores the token and closes', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/login': {
        body: { user: { _id: '1', username: 'ayse', displayName: 'Ayşe' }, token: 'jwt-abc' },
      },
    });
    renderModal('login');
    const user = userEvent.setup();
    await user.type(field('E-posta'), '  ayse  ');
    await user.type(field('Şifre'), 'gundem123');
    await user.click(within(dialog()).getByRole('button', { name: 'Giriş Yap' }));

    await screen.findByText('ayse', { selector: '[data-testid="who"]' });
    expect(localStorage.getItem('gundem_token')).toBe('jwt-abc');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ login: 'ayse', password: 'gundem123' });
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it("shows the server's message on failure", async () => {
    mockFetch({
      'POST /api/auth/login': {
        status: 401,
        body: { message: 'E-posta veya şifre hatalı', statusCode: 401 },
      },
    });
    renderModal('login');
    const user = userEvent.setup();
    await user.type(field('E-posta'), 'ayse@ornek.com');
    await user.type(field('Şifre'), 'yanlis1');
    await user.click(within(dialog()).getByRole('button', { name: 'Giriş Yap' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'E-posta veya şifre hatalı',
    );
    expect(localStorage.getItem('gundem_token')).toBeNull();
    expect(screen.getByTestId('who').textContent).toBe('guest');
  });

  it('falls back to "Bir hata oluştu" when the server sends no message', async () => {
    mockFetch({ 'POST /api/auth/login': { status: 500, body: {} } });
    renderModal('login');
    const user = userEvent.setup();
    await user.type(field('E-posta'), 'ayse');
    await user.type(field('Şifre'), 'gundem123');
    await user.click(within(dialog()).getByRole('button', { name: 'Giriş Yap' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('Bir hata oluştu');
  });

  it('shows the connection error when fetch fails', async () => {
    mockFetch({ 'POST /api/auth/login': { networkError: true } });
    renderModal('login');
    const user = userEvent.setup();
    await user.type(field('E-posta'), 'ayse');
    await user.type(field('Şifre'), 'gundem123');
    await user.click(within(dialog()).getByRole('button', { name: 'Giriş Yap' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'Bağlantı hatası. Lütfen daha sonra tekrar deneyin.',
    );
  });

  it('disables the submit button while sending', async () => {
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderModal('login');
    const user = userEvent.setup();
    await user.type(field('E-posta'), 'ayse');
    await user.type(field('Şifre'), 'gundem123');
    await user.click(within(dialog()).getByRole('button', { name: 'Giriş Yap' }));
    const busy = within(dialog()).getByRole('button', { name: 'Gönderiliyor…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      answer(new Response(JSON.stringify({ message: 'Hesap askıya alındı' }), { status: 403 }));
    });
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('Hesap askıya alındı');
    expect(
      (within(dialog()).getByRole('button', { name: 'Giriş Yap' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});

describe('AuthModal — register validation', () => {
  async function submitRegister() {
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Kayıt Ol' }));
  }

  it('links the server rules before the submit button, in a new tab so the form keeps its input', () => {
    mockFetch({});
    renderModal('register');
    const link = within(dialog()).getByRole('link', { name: 'sunucu kurallarını' });
    expect(link.getAttribute('href')).toBe('/kurallar');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.closest('p')?.textContent).toBe('Kayıt olarak sunucu kurallarını kabul etmiş olursunuz.');
    const submit = within(dialog()).getByRole('button', { name: 'Kayıt Ol' });
    expect(link.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('marks every empty field as required and sends nothing', async () => {
    const { fetchMock } = mockFetch({});
    renderModal('register');
    await submitRegister();
    expect(within(dialog()).getAllByText('Bu alan zorunludur')).toHaveLength(4);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses characters other than letters, digits and underscore (Turkish letters too)', async () => {
    const { fetchMock } = mockFetch({});
    renderModal('register');
    await fillRegister({ ...validRegistration, username: 'ayşe_çiçek' });
    await submitRegister();
    const message = 'Sadece harf, rakam ve alt çizgi kullanabilirsiniz';
    expect(within(dialog()).getByText(message)).toBeTruthy();

    await userEvent.clear(field('Kullanıcı adı'));
    await userEvent.type(field('Kullanıcı adı'), 'ayse.y');
    expect(within(dialog()).getByText(message)).toBeTruthy();

    await userEvent.clear(field('Kullanıcı adı'));
    await userEvent.type(field('Kullanıcı adı'), 'Ayse_Y_1');
    expect(within(dialog()).queryByText(message)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the message under the field once it is left', async () => {
    renderModal('register');
    const user = userEvent.setup();
    await user.type(field('Kullanıcı adı'), 'ali veli');
    expect(
      within(dialog()).queryByText('Sadece harf, rakam ve alt çizgi kullanabilirsiniz'),
    ).toBeNull();
    await user.tab();
    const message = within(dialog()).getByText('Sadece harf, rakam ve alt çizgi kullanabilirsiniz');
    expect(field('Kullanıcı adı').getAttribute('aria-describedby')).toBe(message.id);
  });

  it('requires a username of 3 to 30 characters', async () => {
    const { fetchMock } = mockFetch({});
    renderModal('register');
    await fillRegister({ ...validRegistration, username: 'ab' });
    await submitRegister();
    expect(within(dialog()).getByText('Kullanıcı adı 3-30 karakter olmalıdır')).toBeTruthy();

    await userEvent.clear(field('Kullanıcı adı'));
    await userEvent.type(field('Kullanıcı adı'), 'a'.repeat(31));
    expect(within(dialog()).getByText('Kullanıcı adı 3-30 karakter olmalıdır')).toBeTruthy();

    await userEvent.clear(field('Kullanıcı adı'));
    await userEvent.type(field('Kullanıcı adı'), 'a'.repeat(30));
    expect(within(dialog()).queryByText('Kullanıcı adı 3-30 karakter olmalıdır')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires a valid e-mail address', async () => {
    const { fetchMock } = mockFetch({});
    renderModal('register');
    expect(field('E-posta').type).toBe('email');
    await fillRegister({ ...validRegistration, email: 'ayse@ornek' });
    await submitRegister();
    expect(within(dialog()).getByText('Geçerli bir e-posta adresi girin')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires a password of at least 6 characters', async () => {
    const { fetchMock } = mockFetch({});
    renderModal('register');
    await fillRegister({ ...validRegistration, password: '12345' });
    await submitRegister();
    expect(within(dialog()).getByText('Şifre en az 6 karakter olmalıdır.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('AuthModal — register submission', () => {
  it("shows the server's message (e.g. a taken username)", async () => {
    mockFetch({
      'POST /api/auth/register': {
        status: 409,
        body: { message: 'Bu kullanıcı adı zaten alınmış', statusCode: 409 },
      },
    });
    renderModal('register');
    await fillRegister(validRegistration);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Kayıt Ol' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'Bu kullanıcı adı zaten alınmış',
    );
  });

  it('falls back to "Bir hata oluştu" and shows the network error', async () => {
    let reply: { status?: number; body?: unknown; networkError?: boolean } = {
      status: 400,
      body: { statusCode: 400 },
    };
    mockFetch({ 'POST /api/auth/register': () => reply });
    renderModal('register');
    await fillRegister(validRegistration);
    const submit = () =>
      userEvent.click(within(dialog()).getByRole('button', { name: 'Kayıt Ol' }));
    await submit();
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('Bir hata oluştu');

    reply = { networkError: true };
    await submit();
    expect(
      await within(dialog()).findByText('Bağlantı hatası. Lütfen daha sonra tekrar deneyin.'),
    ).toBeTruthy();
  });

  it('with verification required (no token): sends the four fields, shows the success text and switches to login after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockFetch({
      'POST /api/auth/register': {
        status: 201,
        body: { message: 'Kayıt oluşturuldu', user: makeUser({ username: 'ayse_01' }) },
      },
    });
    renderModal('register');
    fireEvent.change(field('Ad Soyad'), { target: { value: ' Ayşe Yılmaz ' } });
    fireEvent.change(field('Kullanıcı adı'), { target: { value: 'ayse_01' } });
    fireEvent.change(field('E-posta'), { target: { value: 'ayse@ornek.com' } });
    fireEvent.change(field('Şifre'), { target: { value: 'gizli123' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Kayıt Ol' }));

    expect(
      await screen.findByText(
        'Kayıt başarılı! Lütfen email adresinizi kontrol edin ve hesabınızı doğrulayın.',
      ),
    ).toBeTruthy();
    expect(calls[0].body).toEqual({
      email: 'ayse@ornek.com',
      password: 'gizli123',
      username: 'ayse_01',
      displayName: 'Ayşe Yılmaz',
    });

    act(() => {
      vi.advanceTimersByTime(2500);
    });
    expect(screen.getByRole('dialog', { name: 'Hesap Oluştur' })).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.getByRole('dialog', { name: 'Giriş Yap' })).toBeTruthy();
    expect(field('E-posta').value).toBe('ayse@ornek.com');
    expect(field('Şifre').value).toBe('');
  });

  it('under staff approval (no token, pendingApproval): says the account waits and stays on the form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch({
      'POST /api/auth/register': {
        status: 201,
        body: { message: 'Kayıt başvurunuz alındı.', user: makeUser({ username: 'ayse_01' }), pendingApproval: true },
      },
    });
    renderModal('register');
    fireEvent.change(field('Ad Soyad'), { target: { value: 'Ayşe Yılmaz' } });
    fireEvent.change(field('Kullanıcı adı'), { target: { value: 'ayse_01' } });
    fireEvent.change(field('E-posta'), { target: { value: 'ayse@ornek.com' } });
    fireEvent.change(field('Şifre'), { target: { value: 'gizli123' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Kayıt Ol' }));
    expect(await screen.findByText('Kayıt başvurunuz alındı. Bir yönetici onayladığında giriş yapabilirsiniz.')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    // No move to login: a login would only say the account is waiting.
    expect(screen.getByRole('dialog', { name: 'Hesap Oluştur' })).toBeTruthy();
  });

  it('without verification required: signs the new member in at once and lands on the home feed', async () => {
    mockFetch({
      'POST /api/auth/register': {
        status: 201,
        body: {
          message: 'Kayıt başarılı! Hoş geldiniz.',
          user: makeUser({ username: 'ayse_01', displayName: 'Ayşe Yılmaz' }),
          token: 'yeni-oturum',
        },
      },
    });
    render(
      <AuthProvider>
        <MemoryRouter initialEntries={['/explore']}>
          <Routes>
            <Route path="/" element={<p>home-feed</p>} />
            <Route path="/explore" element={<Probe />} />
          </Routes>
          <Who />
          <AuthModal />
        </MemoryRouter>
      </AuthProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'open-register' }));
    await fillRegister(validRegistration);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Kayıt Ol' }));

    expect(await screen.findByText('home-feed')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('signed-in-as').textContent).toBe('ayse_01');
    expect(localStorage.getItem('gundem_token')).toBe('yeni-oturum');
    // SPEC's "check your e-mail" text is for sites that require verification only.
    expect(screen.queryByText(/Lütfen email adresinizi kontrol edin/)).toBeNull();
  });

  it('gives the focus back to the control that opened it, through a switch of mode', async () => {
    mockFetch({});
    render(
      <AuthProvider>
        <MemoryRouter initialEntries={['/']}>
          <Probe />
          <AuthModal />
        </MemoryRouter>
      </AuthProvider>,
    );
    const opener = screen.getByRole('button', { name: 'open-login' });
    await userEvent.click(opener);
    const login = screen.getByRole('dialog', { name: 'Giriş Yap' });
    expect(login.contains(document.activeElement)).toBe(true);
    await userEvent.click(within(login).getByRole('button', { name: 'Kayıt Ol' }));
    expect(screen.getByRole('dialog', { name: 'Hesap Oluştur' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
