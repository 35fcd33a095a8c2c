import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/api-client';
import { trAuth } from '../../../locales/tr-auth';
import { trResetPassword } from '../../../locales/tr-password';
import { resetPassword } from '../api/reset-password';
import { useFormFields } from '../use-form-fields';
import { hasErrors, validateReset } from '../validation';

/** After a successful reset the user is sent to / after this delay (docs/product.md#password-reset). */
export const RESET_REDIRECT_DELAY_MS = 2000;

/** /reset-password?token=..&email=.. — both query values are required. */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const navigate = useNavigate();
  const { values, bind, visible, markSubmitted } = useFormFields({
    newPassword: '',
    confirmPassword: '',
  });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const errors = validateReset(values);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (!token || !email) {
    return (
      <div className="form">
        <Alert tone="error">{trResetPassword.invalidLink}</Alert>
        <Link to="/forgot-password" className="text-link">
          {trResetPassword.requestNewLink}
        </Link>
      </div>
    );
  }

  if (done) {
    return (
      <div className="form">
        <Alert tone="success">{trResetPassword.success}</Alert>
        <p className="form__intro">{trResetPassword.redirecting}</p>
      </div>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    markSubmitted();
    if (sending || hasErrors(errors)) return;
    setSending(true);
    setError(null);
    try {
      await resetPassword({ token, email, newPassword: values.newPassword });
      setDone(true);
      timer.current = setTimeout(() => navigate('/', { replace: true }), RESET_REDIRECT_DELAY_MS);
    } catch (caught) {
      setError(errorText(caught, trResetPassword.failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-busy={sending}>
      <p className="form__intro">{trResetPassword.intro}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label={trResetPassword.newPasswordLabel}
        type="password"
        autoComplete="new-password"
        required
        error={visible('newPassword') ? errors.newPassword : undefined}
        {...bind('newPassword')}
      />
      <TextField
        label={trResetPassword.confirmLabel}
        type="password"
        autoComplete="new-password"
        required
        error={visible('confirmPassword') ? errors.confirmPassword : undefined}
        {...bind('confirmPassword')}
      />
      <Button type="submit" size="lg" block disabled={sending}>
        {sending ? trAuth.sending : trResetPassword.submit}
      </Button>
    </form>
  );
}
