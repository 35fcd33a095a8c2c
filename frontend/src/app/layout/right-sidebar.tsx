import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SearchBox } from '../../components/search-box';
import { TrendsWidget } from '../../features/trending/components/trends-widget';
import { WhoToFollowWidget } from '../../features/trending/components/who-to-follow-widget';
import { searchPath } from '../../lib/paths';
import { SEARCH_SHORTCUT } from '../../lib/search-shortcut';
import { tr } from '../../locales/tr';
import { SiteFooter } from './site-footer';

function SiteSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim();
    navigate(q ? searchPath(q) : '/explore');
  };
  return (
    <SearchBox
      onSubmit={onSubmit}
      {...SEARCH_SHORTCUT}
      aria-label={tr.search.label}
      placeholder={tr.search.placeholder}
      value={query}
      onChange={(event) => setQuery(event.target.value)}
      enterKeyHint="search"
    />
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
            <SiteSearch />
          </div>
        )}
        <TrendsWidget />
        <WhoToFollowWidget />
        <SiteFooter showVersion />
      </div>
    </aside>
  );
}
