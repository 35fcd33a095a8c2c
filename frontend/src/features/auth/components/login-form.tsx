import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { tr } from '../../../locales/tr';
import { useFormFields } from '../use-form-fields';
import { hasErrors, validateLogin } from '../validation';

export interface LoginFormProps {
  initialLogin?: string;
  onSuccess: () => void;
  onSwitchToRegister: () => void;
  onForgotPassword: () => void;
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
  const errors = validateLogin(values);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    markSubmitted();
    if (sending || hasErrors(errors)) return;
    setSending(true);
    setError(null);
    try {
      await login(values.login.trim(), values.password);
      onSuccess();
    } catch (caught) {
      setError(errorText(caught, tr.auth.genericError, tr.auth.networkError));
      setSending(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-busy={sending}>
      <p className="form__intro">{tr.auth.loginSubtitle}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label={tr.auth.loginLabel}
        placeholder={tr.auth.loginPlaceholder}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus={!initialLogin}
        error={visible('login') ? errors.login : undefined}
        {...bind('login')}
      />
      <TextField
        label={tr.auth.passwordLabel}
        placeholder={tr.auth.passwordPlaceholder}
        type="password"
        autoComplete="current-password"
        required
        autoFocus={Boolean(initialLogin)}
        error={visible('password') ? errors.password : undefined}
        {...bind('password')}
      />
      <div className="form__row-end">
        <Link to="/forgot-password" className="text-link" onClick={onForgotPassword}>
          {tr.auth.forgotPassword}
        </Link>
      </div>
      <Button type="submit" size="lg" block disabled={sending}>
        {sending ? tr.auth.sending : tr.auth.loginSubmit}
      </Button>
      <p className="form__switch">
        {tr.auth.noAccount}{' '}
        <button type="button" className="text-link" onClick={onSwitchToRegister}>
          {tr.auth.toRegister}
        </button>
      </p>
    </form>
  );
}
