import { Button } from '../../../components/button';
import { PenIcon } from '../../../components/icons';
import { useAuth } from '../../../lib/auth';
import { tr } from '../../../locales/tr';

/** What a guest sees instead of the compose box: any click opens the login dialog. */
export function GuestComposePrompt({ text = tr.posts.guestText }: { text?: string }) {
  const { openAuthModal } = useAuth();
  const open = () => openAuthModal('login');
  return (
    <section className="compose-guest" aria-label={tr.posts.guestTitle}>
      <button type="button" className="compose-guest__fake" onClick={open}>
        <PenIcon size={20} />
        <span>{tr.posts.composePlaceholder}</span>
      </button>
      <div className="compose-guest__row">
        <div>
          <h2 className="compose-guest__title">{tr.posts.guestTitle}</h2>
          <p className="compose-guest__text">{text}</p>
        </div>
        <Button size="sm" onClick={open}>
          {tr.nav.login}
        </Button>
      </div>
    </section>
  );
}
