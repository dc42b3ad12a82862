import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A placeholder block shown while content loads. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-shimmer rounded-sm bg-sand', className)} {...props} />;
}
