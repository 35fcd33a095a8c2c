import { PageHeader } from '../../components/page-header';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { tr } from '../../locales/tr';

export function ResetPasswordPage() {
  return (
    <>
      <PageHeader title={tr.resetPassword.title} />
      <div className="page-card">
        <ResetPasswordForm />
      </div>
    </>
  );
}
