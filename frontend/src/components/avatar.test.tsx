import { fireEvent, render, screen } from '@testing-library/react';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('shows the initial letter without a picture', () => {
    render(<Avatar displayName="Ayşe Yılmaz" seed="ayse" />);
    const avatar = screen.getByTestId('avatar');
    expect(avatar.textContent).toBe('A');
    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar.className).toContain('avatar--md');
  });

  it('shows the picture: decorative (empty alt), lazy, in the size class box', () => {
    render(<Avatar displayName="Ayşe Yılmaz" seed="ayse" size="sm" src="/media/ab/ab12.webp" />);
    const avatar = screen.getByTestId('avatar');
    const img = avatar.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/ab/ab12.webp');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.className).toBe('avatar__image');
    expect(avatar.className).toContain('avatar--sm');
    expect(avatar.getAttribute('aria-hidden')).toBe('true');
    expect(avatar.textContent).toBe('');
  });

  it('falls back to the initial when the picture fails, and tries a new picture again', () => {
    const { rerender } = render(<Avatar displayName="Mehmet" src="/media/aa/gone.webp" />);
    fireEvent.error(screen.getByTestId('avatar').querySelector('img')!);
    expect(screen.getByTestId('avatar').querySelector('img')).toBeNull();
    expect(screen.getByTestId('avatar').textContent).toBe('M');

    rerender(<Avatar displayName="Mehmet" src="/media/bb/new.webp" />);
    expect(screen.getByTestId('avatar').querySelector('img')!.getAttribute('src')).toBe('/media/bb/new.webp');
  });

  it('a null picture is the initial', () => {
    render(<Avatar displayName="zeynep" src={null} />);
    expect(screen.getByTestId('avatar').textContent).toBe('Z');
  });
});
