import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { showToast } from '../../../lib/toast';
import { trAuth } from '../../../locales/tr-auth';
import { registerAccount } from '../api/register';
import { useFormFields } from '../use-form-fields';
import { hasErrors, validateRegister } from '../validation';

/** After a successful registration the modal switches to login after this delay (docs/product.md#states). */
export const REGISTER_TO_LOGIN_DELAY_MS = 3000;

export interface RegisterFormProps {
  /**
   * Called 3 s after success with the registered e-mail, to switch to login: the site requires
   * e-mail verification, so the answer carried no session.
   */
  onRegistered: (email: string) => void;
  /** Called once the answer's session has begun (no verification required): close and go home. */
  onSignedIn: () => void;
  onSwitchToLogin: () => void;
}

export function RegisterForm({ onRegistered, onSignedIn, onSwitchToLogin }: RegisterFormProps) {
  const { startSession } = useAuth();
  const { values, bind, visible, markSubmitted } = useFormFields({
    displayName: '',
    username: '',
    email: '',
    password: '',
  });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [registered, setRegistered] = useState(false);
  /** Registered under approval: the account waits for staff, so the form does not move on to login. */
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const errors = validateRegister(values);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    markSubmitted();
    if (sending || registered || hasErrors(errors)) return;
    setSending(true);
    setError(null);
    const email = values.email.trim();
    try {
      const answer = await registerAccount({
        email,
        password: values.password,
        username: values.username.trim(),
        displayName: values.displayName.trim(),
      });
      if (answer?.token) {
        startSession({ user: answer.user, token: answer.token });
        showToast(trAuth.registerWelcome);
        onSignedIn();
        return;
      }
      setRegistered(true);
      if (answer?.pendingApproval) {
        setPending(true);
        return;
      }
      timer.current = setTimeout(() => onRegistered(email), REGISTER_TO_LOGIN_DELAY_MS);
    } catch (caught) {
      setError(errorText(caught, trAuth.genericError, trAuth.networkError));
    } finally {
      setSending(false);
    }
  };

  if (registered) {
    return (
      <div className="form">
        <Alert tone="success">{pending ? trAuth.registerPending : trAuth.registerSuccess}</Alert>
        <p className="form__switch">
          {trAuth.haveAccount}{' '}
          <button
            type="button"
            className="text-link"
            onClick={() => onRegistered(values.email.trim())}
          >
            {trAuth.toLogin}
          </button>
        </p>
      </div>
    );
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-busy={sending}>
      <p className="form__intro">{trAuth.registerSubtitle}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label={trAuth.displayNameLabel}
        placeholder={trAuth.displayNamePlaceholder}
        autoComplete="name"
        required
        autoFocus
        error={visible('displayName') ? errors.displayName : undefined}
        {...bind('displayName')}
      />
      <TextField
        label={trAuth.usernameLabel}
        placeholder={trAuth.usernamePlaceholder}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={visible('username') ? errors.username : undefined}
        {...bind('username')}
      />
      <TextField
        label={trAuth.emailLabel}
        placeholder={trAuth.emailPlaceholder}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={visible('email') ? errors.email : undefined}
        {...bind('email')}
      />
      <TextField
        label={trAuth.passwordLabel}
        placeholder={trAuth.passwordPlaceholder}
        type="password"
        autoComplete="new-password"
        required
        error={visible('password') ? errors.password : undefined}
        {...bind('password')}
      />
      <p className="form__note">
        {trAuth.rulesNoteBefore}
        {/* A new tab: the form keeps what was typed. */}
        <a href="/kurallar" target="_blank" rel="noopener" className="text-link">
          {trAuth.rulesNoteLink}
        </a>
        {trAuth.rulesNoteAfter}
      </p>
      <Button type="submit" size="lg" block disabled={sending}>
        {sending ? trAuth.sending : trAuth.registerSubmit}
      </Button>
      <p className="form__switch">
        {trAuth.haveAccount}{' '}
        <button type="button" className="text-link" onClick={onSwitchToLogin}>
          {trAuth.toLogin}
        </button>
      </p>
    </form>
  );
}
