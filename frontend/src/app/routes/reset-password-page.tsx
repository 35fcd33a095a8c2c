import { PageHeader } from '../../components/page-header';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trResetPassword } from '../../locales/tr-password';

export function ResetPasswordPage() {
  useDocumentTitle(trResetPassword.title);
  return (
    <>
      <PageHeader title={trResetPassword.title} />
      <div className="page-card">
        <ResetPasswordForm />
      </div>
    </>
  );
}
