import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SearchIcon } from '../../components/icons';
import { TrendsWidget } from '../../features/trending/components/trends-widget';
import { WhoToFollowWidget } from '../../features/trending/components/who-to-follow-widget';
import { searchPath } from '../../lib/paths';
import { tr } from '../../locales/tr';
import { SiteFooter } from './site-footer';

function SearchBox() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim();
    navigate(q ? searchPath(q) : '/explore');
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
        <TrendsWidget />
        <WhoToFollowWidget />
        <SiteFooter showVersion />
      </div>
    </aside>
  );
}
