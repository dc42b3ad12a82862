import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** What a list says when it has nothing; its title is an h2, the level under the page's h1. */
export function EmptyState({
  title,
  children,
  icon,
  className,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-md border border-dashed border-linen px-6 py-14 text-center',
        className,
      )}
    >
      {icon && <div className="mb-4 text-stone">{icon}</div>}
      <h2 className="font-display text-2xl">{title}</h2>
      {children && <div className="mt-2 max-w-md text-sm text-taupe">{children}</div>}
    </div>
  );
}
