import type { ReactNode } from 'react';
import { cn } from './cn';
import { InfoIcon } from './icons';

type AlertProps = { tone?: 'info' | 'error'; children: ReactNode; className?: string };

export function Alert({ tone = 'info', children, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex gap-3 rounded-lg border px-4 py-3 text-sm',
        tone === 'error'
          ? 'border-red-200 bg-red-50 text-red-800'
          : 'border-sky-200 bg-sky-50 text-sky-900',
        className,
      )}
    >
      <InfoIcon className="mt-0.5 size-5 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
