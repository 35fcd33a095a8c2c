import { useEffect, useId, useRef, useState } from 'react';
import { SearchIcon } from './icons';

/** How long typing must pause before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListSearchProps {
  label: string;
  placeholder: string;
  /** Called with the trimmed text once typing pauses for SEARCH_DEBOUNCE_MS, when it changed. */
  onSearch: (query: string) => void;
}

/** The search box above a paged list; debounced so each keystroke does not hit the server. */
export function ListSearch({ label, placeholder, onSearch }: ListSearchProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onSearch);
  const emitted = useRef('');
  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setValue(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const query = next.trim();
      if (query === emitted.current) return;
      emitted.current = query;
      latest.current(query);
    }, SEARCH_DEBOUNCE_MS);
  };

  return (
    <div className="admin-search" role="search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <SearchIcon size={18} className="admin-search__icon" />
      <input
        id={id}
        type="search"
        className="admin-search__input"
        placeholder={placeholder}
        value={value}
        autoComplete="off"
        onChange={(event) => change(event.target.value)}
      />
    </div>
  );
}
