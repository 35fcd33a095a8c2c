import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { type ListboxKeysOptions, useListboxKeys } from './use-listbox-keys';

type Props = Omit<ListboxKeysOptions<string>, 'listboxId'> & { onOuterKey?: (key: string) => void };

/** A combobox as the callers make one: a field whose keys the hook takes first, options it describes. */
function Combobox({ onOuterKey, ...options }: Props) {
  const { current, activeId, onKeyDown, optionProps } = useListboxKeys({ listboxId: 'lb', ...options });
  const [unhandled, setUnhandled] = useState<string[]>([]);
  return (
    <div onKeyDown={(event) => onOuterKey?.(event.key)}>
      <input
        aria-label="alan"
        role="combobox"
        aria-activedescendant={activeId}
        onKeyDown={(event) => {
          if (!onKeyDown(event)) setUnhandled((keys) => [...keys, event.key]);
        }}
      />
      <output data-testid="unhandled">{unhandled.join(',')}</output>
      <ul role="listbox" id="lb">
        {options.options.map((option, index) => (
          <li key={option} {...optionProps(index)} data-active={index === current}>
            {option}
          </li>
        ))}
      </ul>
    </div>
  );
}

const field = () => screen.getByRole('combobox');
const key = (name: string, init: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(field(), { key: name, ...init });
const highlighted = () => screen.getAllByRole('option').find((option) => option.getAttribute('aria-selected') === 'true')?.textContent;
const unhandled = () => screen.getByTestId('unhandled').textContent;

describe('useListboxKeys', () => {
  it('moves the highlight with ↑/↓, wrapping, and points aria-activedescendant at it', () => {
    render(<Combobox options={['a', 'b', 'c']} resetKey="q" onPick={() => {}} />);
    expect(highlighted()).toBe('a');
    expect(field().getAttribute('aria-activedescendant')).toBe('lb-option-0');
    key('ArrowDown');
    expect(highlighted()).toBe('b');
    expect(field().getAttribute('aria-activedescendant')).toBe('lb-option-1');
    key('ArrowDown');
    key('ArrowDown');
    expect(highlighted()).toBe('a');
    key('ArrowUp');
    expect(highlighted()).toBe('c');
    expect(screen.getByText('c').id).toBe('lb-option-2');
  });

  it('picks the highlighted option with Enter, not with Shift/Ctrl/Cmd+Enter', () => {
    const onPick = vi.fn();
    render(<Combobox options={['a', 'b']} resetKey="q" onPick={onPick} />);
    key('ArrowDown');
    key('Enter', { ctrlKey: true });
    key('Enter', { shiftKey: true });
    key('Enter', { metaKey: true });
    expect(onPick).not.toHaveBeenCalled();
    expect(unhandled()).toBe('Enter,Enter,Enter');
    key('Enter');
    expect(onPick).toHaveBeenCalledExactlyOnceWith('b');
  });

  it('leaves Tab and Escape to the page unless the caller makes them the list’s', () => {
    const onPick = vi.fn();
    const outer = vi.fn();
    render(<Combobox options={['a']} resetKey="q" onPick={onPick} onOuterKey={outer} />);
    key('Tab');
    key('Escape');
    expect(onPick).not.toHaveBeenCalled();
    expect(unhandled()).toBe('Tab,Escape');
    // A dialog around the field hears them (the picker's Modal closes on Escape).
    expect(outer.mock.calls.map(([name]) => name)).toEqual(['Tab', 'Escape']);
  });

  it('with tabPicks and onDismiss: Tab picks, Escape dismisses, and neither reaches the dialog around', () => {
    const onPick = vi.fn();
    const onDismiss = vi.fn();
    const outer = vi.fn();
    render(<Combobox options={['a', 'b']} resetKey="q" onPick={onPick} onDismiss={onDismiss} tabPicks onOuterKey={outer} />);
    key('ArrowDown');
    key('Tab', { shiftKey: true });
    expect(onPick).not.toHaveBeenCalled();
    key('Tab');
    expect(onPick).toHaveBeenCalledExactlyOnceWith('b');
    key('Escape');
    expect(onDismiss).toHaveBeenCalledOnce();
    // Only the Shift+Tab, which was not the list's, went on.
    expect(outer.mock.calls.map(([name]) => name)).toEqual(['Tab']);
  });

  it('prevents the default of the keys it uses (no caret move, no new line, no form submit) and of no other', () => {
    render(<Combobox options={['a', 'b']} resetKey="q" onPick={() => {}} />);
    expect(key('ArrowDown')).toBe(false);
    expect(key('Enter')).toBe(false);
    expect(key('x')).toBe(true);
    expect(key('ArrowLeft')).toBe(true);
  });

  it('is closed with no options: no key is the list’s and there is no active descendant', () => {
    const onPick = vi.fn();
    render(<Combobox options={[]} resetKey="q" onPick={onPick} onDismiss={() => {}} tabPicks />);
    for (const name of ['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape']) expect(key(name)).toBe(true);
    expect(onPick).not.toHaveBeenCalled();
    expect(field().getAttribute('aria-activedescendant')).toBeNull();
  });

  it('goes back to the first option when the query changes, and stays within a shrinking list', () => {
    const { rerender } = render(<Combobox options={['a', 'b', 'c']} resetKey="q1" onPick={() => {}} />);
    key('ArrowUp');
    expect(highlighted()).toBe('c');
    rerender(<Combobox options={['a', 'b']} resetKey="q1" onPick={() => {}} />);
    expect(highlighted()).toBe('b');
    rerender(<Combobox options={['x', 'y']} resetKey="q2" onPick={() => {}} />);
    expect(highlighted()).toBe('x');
  });

  it('highlights on hover; mousedown keeps the focus in the field and the pick comes on click, or on mousedown when asked', () => {
    const onPick = vi.fn();
    const { rerender } = render(<Combobox options={['a', 'b']} resetKey="q" onPick={onPick} />);
    fireEvent.mouseEnter(screen.getByText('b'));
    expect(highlighted()).toBe('b');
    expect(fireEvent.mouseDown(screen.getByText('a'))).toBe(false);
    expect(onPick).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('a'));
    expect(onPick).toHaveBeenCalledExactlyOnceWith('a');

    rerender(<Combobox options={['a', 'b']} resetKey="q" onPick={onPick} pickOn="mousedown" />);
    expect(fireEvent.mouseDown(screen.getByText('b'))).toBe(false);
    expect(onPick).toHaveBeenLastCalledWith('b');
    fireEvent.click(screen.getByText('b'));
    expect(onPick).toHaveBeenCalledTimes(2);
  });
});
