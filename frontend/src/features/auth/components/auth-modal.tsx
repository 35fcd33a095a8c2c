import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { useAuth } from '../../../lib/auth';
import { trAuth } from '../../../locales/tr-auth';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

/** The login / register dialog; opened from any login prompt through useAuth().openAuthModal. */
export function AuthModal() {
  const { authModal, openAuthModal, closeAuthModal } = useAuth();
  const [prefill, setPrefill] = useState('');
  const navigate = useNavigate();

  if (!authModal) return null;

  const close = () => {
    setPrefill('');
    closeAuthModal();
  };

  return (
    <Modal
      title={authModal === 'login' ? trAuth.loginTitle : trAuth.registerTitle}
      onClose={close}
    >
      {authModal === 'login' ? (
        <LoginForm
          key={`login-${prefill}`}
          initialLogin={prefill}
          onSuccess={close}
          onForgotPassword={close}
          onSwitchToRegister={() => openAuthModal('register')}
        />
      ) : (
        <RegisterForm
          onRegistered={(email) => {
            setPrefill(email);
            openAuthModal('login');
          }}
          onSignedIn={() => {
            close();
            // Signed in at once (no e-mail verification required): the new member starts on the
            // home feed, wherever the sign-up began.
            navigate('/');
          }}
          onSwitchToLogin={() => openAuthModal('login')}
        />
      )}
    </Modal>
  );
}
