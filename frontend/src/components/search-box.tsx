import type { FormEvent, InputHTMLAttributes } from 'react';
import { SearchIcon } from './icons';

export interface SearchBoxProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'onSubmit'> {
  /** Classes added to the box's own. */
  boxClassName?: string;
  /** When given the box is a role=search form sent with Enter; without it, a plain box. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

/** The rounded search field with its magnifier (the sidebar, explore, the conversation list). */
export function SearchBox({ boxClassName, onSubmit, ...input }: SearchBoxProps) {
  const className = boxClassName ? `search-box ${boxClassName}` : 'search-box';
  const field = (
    <>
      <SearchIcon size={18} className="search-box__icon" />
      <input type="search" className="search-box__input" {...input} />
    </>
  );
  return onSubmit ? (
    <form role="search" className={className} onSubmit={onSubmit}>
      {field}
    </form>
  ) : (
    <div className={className}>{field}</div>
  );
}
