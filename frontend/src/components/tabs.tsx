import { useRef, type KeyboardEvent } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

export interface TabsProps<T extends string> {
  items: readonly TabItem<T>[];
  /** The selected tab; `null` when none is (e.g. search results stand in for every tab). */
  value: T | null;
  onChange: (id: T) => void;
  label: string;
  /** Prefix for the ids of the tab buttons and their panels. */
  idPrefix: string;
}

/** A row of tabs (ARIA tabs pattern, arrow keys move between them). */
export function Tabs<T extends string>({ items, value, onChange, label, idPrefix }: TabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === value);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    onChange(items[next].id);
    refs.current[next]?.focus();
  };

  return (
    <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item, index) => {
        const selected = item.id === value;
        // With nothing selected the first tab still takes Tab, so the row stays reachable.
        const focusable = value === null ? index === 0 : selected;
        return (
          <button
            key={item.id}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${item.id}`}
            aria-selected={selected}
            aria-controls={selected ? `${idPrefix}-panel-${item.id}` : undefined}
            tabIndex={focusable ? 0 : -1}
            className={selected ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
            onClick={() => onChange(item.id)}
          >
            <span className="tabs__label">{item.label}</span>
          </button>
        );
      })}
    </div>
  );
}
