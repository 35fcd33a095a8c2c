import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FollowButton } from './follow-button';

describe('FollowButton', () => {
  it('reads "Takip et" when not following', async () => {
    const onClick = vi.fn();
    render(<FollowButton isFollowing={false} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Takip et' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await userEvent.hover(button);
    expect(button.textContent).toBe('Takip et');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('reads "Takip ediliyor", and "Takibi bırak" under the pointer', async () => {
    render(<FollowButton isFollowing onClick={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Takip ediliyor' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await userEvent.hover(button);
    expect(button.textContent).toBe('Takibi bırak');
    await userEvent.unhover(button);
    expect(button.textContent).toBe('Takip ediliyor');
  });

  it('ignores clicks while busy', async () => {
    const onClick = vi.fn();
    render(<FollowButton isFollowing={false} busy onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Takip et' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('reads "İstek gönderildi" for a pending request to a protected account, and "İsteği geri çek" under the pointer', async () => {
    const onClick = vi.fn();
    render(<FollowButton isFollowing={false} requested name="Ayşe" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'İstek gönderildi, geri çekmek için tıklayın: Ayşe' });
    expect(button.textContent).toBe('İstek gönderildi');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await userEvent.hover(button);
    expect(button.textContent).toBe('İsteği geri çek');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('a follow wins over a stale request flag', () => {
    render(<FollowButton isFollowing requested onClick={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Takip ediliyor' })).toBeTruthy();
  });
});
