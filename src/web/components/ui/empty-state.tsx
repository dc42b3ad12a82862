import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * What a list says when it has nothing. Its title is a heading one level under the page's (h2 by
 * default: most lists sit right under the page's h1); `level={3}` inside a section with its own h2.
 */
export function EmptyState({
  title,
  children,
  icon,
  className,
  level = 2,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  className?: string;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-md border border-dashed border-linen px-6 py-14 text-center',
        className,
      )}
    >
      {icon && <div className="mb-4 text-stone">{icon}</div>}
      <Heading className="font-display text-2xl">{title}</Heading>
      {children && <div className="mt-2 max-w-md text-sm text-taupe">{children}</div>}
    </div>
  );
}
