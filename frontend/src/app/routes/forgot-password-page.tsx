import { PageHeader } from '../../components/page-header';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trForgotPassword } from '../../locales/tr-password';

export function ForgotPasswordPage() {
  useDocumentTitle(trForgotPassword.title);
  return (
    <>
      <PageHeader title={trForgotPassword.title} />
      <div className="page-card">
        <ForgotPasswordForm />
      </div>
    </>
  );
}
