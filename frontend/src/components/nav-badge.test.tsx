import { render, screen } from '@testing-library/react';
import { NavBadge, navBadgeText } from './nav-badge';

const label = (count: string) => `${count} okunmamış bildirim`;

describe('NavBadge', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [1000, '9+'],
  ])('shows %i as %s', (count, shown) => {
    expect(navBadgeText(count)).toBe(shown);
  });

  it('shows nothing at zero', () => {
    render(<NavBadge count={0} label={label} />);
    expect(screen.queryByTestId('nav-badge')).toBeNull();
  });

  it('shows 9+ above nine, and tells screen readers the exact count instead', () => {
    render(<NavBadge count={12} label={label} />);
    const badge = screen.getByTestId('nav-badge');
    const visible = badge.querySelector('[aria-hidden="true"]');
    expect(visible?.textContent).toBe('9+');
    expect(screen.getByText(', 12 okunmamış bildirim').className).toBe('visually-hidden');
    expect(badge.textContent).toBe('9+, 12 okunmamış bildirim');
  });

  it('says 999+ at the server\'s cap', () => {
    render(<NavBadge count={1000} cap={1000} label={label} />);
    expect(screen.getByText(', 999+ okunmamış bildirim')).toBeTruthy();
  });
});
