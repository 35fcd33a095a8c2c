import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SearchIcon, TrendingIcon, UsersIcon } from '../../components/icons';
import { tr } from '../../locales/tr';
import { SiteFooter } from './site-footer';

function Widget({
  title,
  icon,
  children,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="widget">
      <h2 className="widget__title">{title}</h2>
      <div className="widget__soon">
        <span className="widget__soon-icon">{icon}</span>
        <p>{children}</p>
      </div>
    </section>
  );
}

function SearchBox() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim();
    navigate(q ? `/explore?q=${encodeURIComponent(q)}` : '/explore');
  };
  return (
    <form role="search" className="search-box" onSubmit={onSubmit}>
      <SearchIcon size={18} className="search-box__icon" />
      <input
        type="search"
        className="search-box__input"
        aria-label={tr.search.label}
        placeholder={tr.search.placeholder}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        enterKeyHint="search"
      />
    </form>
  );
}

export function RightSidebar() {
  const { pathname } = useLocation();
  // Explore has its own search box.
  const onExplore = pathname === '/explore' || pathname.startsWith('/explore/');
  return (
    <aside className="right-sidebar">
      <div className="right-sidebar__inner">
        {onExplore ? null : (
          <div className="right-sidebar__search">
            <SearchBox />
          </div>
        )}
        <Widget title={tr.widgets.trends} icon={<TrendingIcon size={22} />}>
          {tr.widgets.trendsSoon}
        </Widget>
        <Widget title={tr.widgets.whoToFollow} icon={<UsersIcon size={22} />}>
          {tr.widgets.whoToFollowSoon}
        </Widget>
        <SiteFooter showVersion />
      </div>
    </aside>
  );
}
