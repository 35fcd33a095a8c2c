import { tr } from '../locales/tr';

export interface SpinnerProps {
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label = tr.app.loading, size = 'md', className }: SpinnerProps) {
  return (
    <span
      className={['spinner', `spinner--${size}`, className].filter(Boolean).join(' ')}
      role="status"
      aria-label={label}
    />
  );
}

/** A centred spinner filling its container, for a screen that is loading. */
export function LoadingBlock({ label }: { label?: string }) {
  return (
    <div className="loading-block">
      <Spinner label={label} size="lg" />
    </div>
  );
}
