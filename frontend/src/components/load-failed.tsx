import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { AlertCircleIcon } from './icons';

export interface LoadFailedProps {
  title: string;
  description?: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  /** In a narrow pane (the conversation list, the chat): the compact look, a smaller icon. */
  compact?: boolean;
  buttonSize?: 'sm' | 'md';
}

/** A screen or pane whose data could not be loaded: why, and a retry button. */
export function LoadFailed({
  title,
  description,
  retryLabel,
  onRetry,
  compact,
  buttonSize = 'md',
}: LoadFailedProps) {
  return (
    <EmptyState
      className={compact ? 'empty-state--compact' : undefined}
      icon={<AlertCircleIcon size={compact ? 28 : 32} />}
      title={title}
      description={description}
      action={
        <Button variant="secondary" size={buttonSize} onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}
