import { PageHeader } from '../../components/page-header';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tr } from '../../locales/tr';

export function ResetPasswordPage() {
  useDocumentTitle(tr.resetPassword.title);
  return (
    <>
      <PageHeader title={tr.resetPassword.title} />
      <div className="page-card">
        <ResetPasswordForm />
      </div>
    </>
  );
}
