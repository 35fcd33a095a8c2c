// The `@` suggestions of the compose box and reply modal: loaded on the first `@` typed (not in
// the first page's JavaScript), asks GET /api/users/suggest 150 ms after the typing stops, and
// shows a listbox the textarea drives (arrow keys, Enter/Tab, Escape) through `controller`.
import { USER_SUGGEST_LIMIT, type UserSuggestResponse, type UserSummary } from '@gundem/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useImperativeHandle, useMemo, useState, type KeyboardEvent, type Ref } from 'react';
import { Avatar } from '../../../components/avatar';
import { VerifiedBadge } from '../../../components/verified-badge';
import { apiClient } from '../../../lib/api-client';
import { useListboxKeys } from '../../../lib/use-listbox-keys';
import { trCompose } from '../../../locales/tr-compose';
import { insertMention, mentionQueryAt } from '../mention-query';
import '../popup.css';
import '../mention-suggest.css';

/** docs/product.md#limits-and-timings: the suggestions wait this long after the last key. */
export const SUGGEST_DEBOUNCE_MS = 150;

export interface MentionSuggestController {
  /** Handles a key of the textarea; true when it was the list's (then the textarea ignores it). */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
}

export interface MentionSuggestState {
  open: boolean;
  /** The highlighted option's element id (aria-activedescendant). */
  activeId: string | undefined;
}

export interface MentionSuggestProps {
  /** The box's text and caret (null while it is not focused). */
  text: string;
  caret: number | null;
  listboxId: string;
  /** A suggestion was chosen: the text with `@name ` in place, and where the caret goes. */
  onInsert: (text: string, caret: number) => void;
  onState: (state: MentionSuggestState) => void;
  controller: Ref<MentionSuggestController>;
}

export function fetchSuggestions(query: string, signal?: AbortSignal): Promise<UserSuggestResponse> {
  return apiClient.get<UserSuggestResponse>('/users/suggest', { query: { q: query }, signal });
}

export function MentionSuggest({ text, caret, listboxId, onInsert, onState, controller }: MentionSuggestProps) {
  const at = caret === null ? null : mentionQueryAt(text, caret);
  const query = at?.query ?? null;
  const onPick = (username: string) => {
    if (!at) return;
    const next = insertMention(text, at, username);
    onInsert(next.text, next.caret);
  };
  const [debounced, setDebounced] = useState<string | null>(null);
  // Escape hides the list until the `@name` changes.
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => {
    if (query === null) {
      setDebounced(null);
      return;
    }
    const timer = setTimeout(() => setDebounced(query), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const { data } = useQuery({
    queryKey: ['users', 'suggest', debounced?.toLocaleLowerCase('tr-TR')],
    queryFn: ({ signal }) => fetchSuggestions(debounced ?? '', signal),
    enabled: Boolean(debounced),
    staleTime: 60_000,
  });

  // Only the answer for what is typed now: an older one would insert the wrong name.
  const upToDate = query !== null && query === debounced;
  const users: UserSummary[] = useMemo(
    () => (upToDate ? (data?.users ?? []).slice(0, USER_SUGGEST_LIMIT) : []),
    [upToDate, data],
  );
  const open = users.length > 0 && dismissed !== query;
  const { current, activeId, onKeyDown, optionProps } = useListboxKeys({
    listboxId,
    options: open ? users : [],
    resetKey: debounced,
    onPick: (user) => onPick(user.username),
    // Escape hides the list until the `@name` changes (and not the reply dialog around it).
    onDismiss: () => setDismissed(query),
    tabPicks: true,
    pickOn: 'mousedown',
  });

  useEffect(() => {
    onState({ open, activeId });
  }, [open, activeId, onState]);

  // The handler reads this render's state, and is cheap to make: no dependency list.
  useImperativeHandle(controller, () => ({ onKeyDown }));

  return (
    <>
      <span className="visually-hidden" role="status">
        {open ? trCompose.mentionSuggestions(users.length) : ''}
      </span>
      {open ? (
        <ul className="posts-popup mention-suggest" role="listbox" id={listboxId} aria-label={trCompose.mentionListLabel}>
          {users.map((user, index) => (
            <li
              key={user.id ?? user._id}
              {...optionProps(index)}
              className={index === current ? 'mention-suggest__option mention-suggest__option--active' : 'mention-suggest__option'}
            >
              <Avatar displayName={user.displayName} seed={user.username} src={user.profileImage} size="sm" />
              <span className="mention-suggest__text">
                <span className="mention-suggest__name">
                  {user.displayName}
                  {user.isVerified ? <VerifiedBadge size={14} /> : null}
                </span>
                <span className="mention-suggest__handle">@{user.username}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
