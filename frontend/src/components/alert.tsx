import type { ReactNode } from 'react';
import { AlertCircleIcon } from './icons';
import { CheckCircleIcon } from './icons-more';

export interface AlertProps {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
}

/** Errors are announced at once (role alert); success and info politely (role status). */
export function Alert({ tone, children, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}
    >
      {tone === 'error' ? <AlertCircleIcon size={20} /> : <CheckCircleIcon size={20} />}
      <span>{children}</span>
    </div>
  );
}
