import { PageHeader } from '../../components/page-header';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { tr } from '../../locales/tr';

export function ForgotPasswordPage() {
  return (
    <>
      <PageHeader title={tr.forgotPassword.title} />
      <div className="page-card">
        <ForgotPasswordForm />
      </div>
    </>
  );
}
