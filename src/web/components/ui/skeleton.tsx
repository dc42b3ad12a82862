import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A placeholder block shown while content loads. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-shimmer rounded-sm bg-sand', className)} {...props} />;
}

/** A column of `count` placeholder rows (each `rowClassName`), announced as loading `label`. */
export function SkeletonRows({
  label,
  count,
  rowClassName,
  className,
}: {
  label: string;
  count: number;
  rowClassName: string;
  className?: string;
}) {
  return (
    <div role="status" className={cn('space-y-3', className)} aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={cn('w-full', rowClassName)} />
      ))}
    </div>
  );
}
