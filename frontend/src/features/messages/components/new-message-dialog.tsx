// The new-message button's people picker (issue 15): loaded when the button is first pressed,
// not with the messages screen. Search as you type (GET /api/users/search, 200 ms after the
// last key), ↑/↓ move through the people found (wrapping), Enter or a click opens the
// conversation with the one chosen, even before any message (MessagesView reads ?user=).
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { SearchBox } from '../../../components/search-box';
import { Spinner } from '../../../components/spinner';
import { VerifiedBadge } from '../../../components/verified-badge';
import { useAuth } from '../../../lib/auth';
import { messagesPath } from '../../../lib/paths';
import { peopleQuery, usePeopleSearch } from '../../../lib/people-search';
import { useListboxKeys } from '../../../lib/use-listbox-keys';
import { entityId } from '../../../lib/types';
import { trMessages } from '../../../locales/tr-messages';

/** How long typing must pause before the picker asks the server. */
export const PICKER_DEBOUNCE_MS = 200;
/** People the picker lists at most. */
export const PICKER_LIMIT = 8;

export interface NewMessageDialogProps {
  onClose: () => void;
}

export function NewMessageDialog({ onClose }: NewMessageDialogProps) {
  const navigate = useNavigate();
  const { user: viewer } = useAuth();
  const listboxId = useId();
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(peopleQuery(text)), PICKER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const search = usePeopleSearch(debounced, PICKER_LIMIT);
  // One cannot write to oneself: the viewer is never offered.
  const people = (search.data ?? []).filter((user) => entityId(user) !== entityId(viewer));
  const typed = peopleQuery(text);
  // The list only answers what is typed now: an older answer would open the wrong conversation.
  const upToDate = typed.length > 0 && typed === debounced && search.isSuccess;
  const options = upToDate ? people : [];
  const choose = (username: string) => {
    onClose();
    navigate(messagesPath(username));
  };
  // Escape is not the list's: it closes the dialog.
  const { current, activeId, onKeyDown, optionProps } = useListboxKeys({ listboxId, options, resetKey: debounced, onPick: (user) => choose(user.username) });

  let state;
  if (!typed) {
    state = <p className="picker__state">{trMessages.pickerPrompt}</p>;
  } else if (search.isError && typed === debounced) {
    state = (
      <div className="picker__state" role="alert">
        <span>{trMessages.pickerFailed}</span>
        <Button variant="secondary" size="sm" onClick={() => void search.refetch()}>
          {trMessages.pickerRetry}
        </Button>
      </div>
    );
  } else if (!upToDate) {
    state = (
      <div className="picker__state">
        <Spinner size="sm" label={trMessages.pickerLoading} />
      </div>
    );
  } else if (options.length === 0) {
    state = <p className="picker__state">{trMessages.pickerEmpty(typed)}</p>;
  }

  return (
    <Modal title={trMessages.pickerTitle} onClose={onClose}>
      <div className="picker">
        <SearchBox
          boxClassName="picker__search"
          aria-label={trMessages.pickerLabel}
          placeholder={trMessages.pickerPlaceholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => void onKeyDown(event)}
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
        />
        <span className="visually-hidden" role="status">
          {options.length > 0 ? trMessages.pickerCount(options.length) : ''}
        </span>
        {state}
        <ul className="picker__list" role="listbox" id={listboxId} aria-label={trMessages.pickerListLabel}>
          {options.map((user, index) => (
            <li key={entityId(user)} {...optionProps(index)} className={index === current ? 'picker__option picker__option--active' : 'picker__option'}>
              <Avatar displayName={user.displayName} seed={user.username} src={user.profileImage} size="sm" />
              <span className="picker__text">
                <span className="picker__name">
                  {user.displayName}
                  {user.isVerified ? <VerifiedBadge size={14} /> : null}
                </span>
                <span className="picker__handle">@{user.username}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
