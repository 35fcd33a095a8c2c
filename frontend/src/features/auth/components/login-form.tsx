import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { useLoginRefusal } from '../../../lib/login-refusal';
import { useAuth } from '../../../lib/auth';
import { trAuth } from '../../../locales/tr-auth';
import { useFormFields } from '../use-form-fields';
import { hasErrors, validateLogin } from '../validation';

export interface LoginFormProps {
  initialLogin?: string;
  onSuccess: () => void;
  onSwitchToRegister: () => void;
  onForgotPassword: () => void;
}

/** The `appealToken` of a 403 for a suspended account (docs/wire-contract.md#account-actions), else null. */
function suspensionToken(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const body = error.body as { suspended?: unknown; appealToken?: unknown } | null;
  return body?.suspended === true && typeof body.appealToken === 'string' ? body.appealToken : null;
}

export function LoginForm({
  initialLogin = '',
  onSuccess,
  onSwitchToRegister,
  onForgotPassword,
}: LoginFormProps) {
  const { login } = useAuth();
  const { values, bind, visible, markSubmitted } = useFormFields({
    login: initialLogin,
    password: '',
  });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** A login refused for a suspension: the token that opens the member's notice and appeal. */
  const [appealToken, setAppealToken] = useState<string | null>(null);
  const Refusal = useLoginRefusal();
  const errors = validateLogin(values);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    markSubmitted();
    if (sending || hasErrors(errors)) return;
    setSending(true);
    setError(null);
    setAppealToken(null);
    try {
      await login(values.login.trim(), values.password);
      onSuccess();
    } catch (caught) {
      setError(errorText(caught, trAuth.genericError, trAuth.networkError));
      setAppealToken(suspensionToken(caught));
      setSending(false);
    }
  };

  return (
    <>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={sending}>
        <p className="form__intro">{trAuth.loginSubtitle}</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          label={trAuth.loginLabel}
          placeholder={trAuth.loginPlaceholder}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus={!initialLogin}
          error={visible('login') ? errors.login : undefined}
          {...bind('login')}
        />
        <TextField
          label={trAuth.passwordLabel}
          placeholder={trAuth.passwordPlaceholder}
          type="password"
          autoComplete="current-password"
          required
          autoFocus={Boolean(initialLogin)}
          error={visible('password') ? errors.password : undefined}
          {...bind('password')}
        />
        <div className="form__row-end">
          <Link to="/forgot-password" className="text-link" onClick={onForgotPassword}>
            {trAuth.forgotPassword}
          </Link>
        </div>
        <Button type="submit" size="lg" block disabled={sending}>
          {sending ? trAuth.sending : trAuth.loginSubmit}
        </Button>
        <p className="form__switch">
          {trAuth.noAccount}{' '}
          <button type="button" className="text-link" onClick={onSwitchToRegister}>
            {trAuth.toRegister}
          </button>
        </p>
      </form>
      {/* Outside the login form: the appeal has a form of its own. */}
      {appealToken && Refusal ? <Refusal token={appealToken} /> : null}
    </>
  );
}
