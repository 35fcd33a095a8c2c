import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { trAuth } from '../../../locales/tr-auth';
import { trForgotPassword } from '../../../locales/tr-password';
import { requestPasswordReset } from '../api/forgot-password';
import { useFormFields } from '../use-form-fields';
import { emailError } from '../validation';

export function ForgotPasswordForm() {
  const { values, bind, visible, markSubmitted } = useFormFields({ email: '' });
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const error = emailError(values.email);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    markSubmitted();
    if (sending || error) return;
    setSending(true);
    setResult(null);
    try {
      const message = await requestPasswordReset(values.email.trim());
      setResult({ tone: 'success', text: message ?? trForgotPassword.success });
    } catch {
      setResult({ tone: 'error', text: trForgotPassword.failure });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-busy={sending}>
      <p className="form__intro">{trForgotPassword.intro}</p>
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      <TextField
        label={trForgotPassword.emailLabel}
        placeholder={trAuth.emailPlaceholder}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={visible('email') ? error : undefined}
        {...bind('email')}
      />
      <Button type="submit" size="lg" block disabled={sending}>
        {sending ? trAuth.sending : trForgotPassword.submit}
      </Button>
    </form>
  );
}
