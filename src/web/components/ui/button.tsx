import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap font-medium tracking-wide transition-colors duration-200 disabled:pointer-events-none disabled:opacity-45 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer',
  {
    variants: {
      variant: {
        primary: 'bg-ink text-ivory hover:bg-taupe',
        accent: 'bg-clay text-ivory hover:bg-clay-dark',
        outline: 'border border-ink/80 bg-transparent text-ink hover:bg-ink hover:text-ivory',
        subtle: 'border border-linen bg-ivory text-ink hover:border-ink/60',
        ghost: 'bg-transparent text-ink hover:bg-sand/70',
        link: 'bg-transparent text-ink underline underline-offset-4 decoration-linen hover:decoration-ink px-0',
        danger: 'bg-danger text-ivory hover:bg-danger/85',
      },
      size: {
        sm: 'h-9 px-4 text-[0.8rem] rounded-sm',
        md: 'h-11 px-6 text-sm rounded-sm',
        lg: 'h-13 px-8 text-[0.95rem] rounded-sm',
        icon: 'size-10 rounded-full',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

/** The one button. `asChild` renders a Link (or any element) with button styling. */
export function Button({ className, variant, size, asChild, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  );
}
