import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-xs px-2 py-0.5 text-[0.68rem] font-semibold uppercase tracking-[0.14em]',
  {
    variants: {
      tone: {
        ink: 'bg-ink text-ivory',
        clay: 'bg-clay text-ivory',
        sand: 'bg-sand text-taupe',
        outline: 'border border-ink/30 text-ink',
        success: 'bg-success/12 text-success',
      },
    },
    defaultVariants: { tone: 'sand' },
  },
);

export function Badge({ className, tone, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
