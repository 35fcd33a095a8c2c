import { Link } from 'react-router-dom';
import { tr } from '../../locales/tr';

export function SiteFooter({
  className,
  showVersion,
}: {
  className?: string;
  showVersion?: boolean;
}) {
  return (
    <footer className={['site-footer', className].filter(Boolean).join(' ')}>
      <nav aria-label={tr.footer.label} className="site-footer__links">
        <Link to="/terms">{tr.footer.terms}</Link>
        <Link to="/privacy">{tr.footer.privacy}</Link>
        <Link to="/help">{tr.footer.help}</Link>
        <Link to="/kurallar">{tr.footer.rules}</Link>
      </nav>
      <p className="site-footer__meta">
        {tr.footer.copyright}
        {showVersion ? <span className="site-footer__version"> · {tr.app.version}</span> : null}
      </p>
    </footer>
  );
}
