import { PageHeader } from '../../components/page-header';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tr } from '../../locales/tr';

export function ForgotPasswordPage() {
  useDocumentTitle(tr.forgotPassword.title);
  return (
    <>
      <PageHeader title={tr.forgotPassword.title} />
      <div className="page-card">
        <ForgotPasswordForm />
      </div>
    </>
  );
}
