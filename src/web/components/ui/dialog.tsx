import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

/** A modal dialog: focus is trapped inside, Escape and the close button dismiss it. */
export function DialogContent({
  className,
  children,
  title,
  description,
  hideTitle,
  ...props
}: ComponentProps<typeof D.Content> & { title: string; description?: ReactNode; hideTitle?: boolean }) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-ink/45 backdrop-blur-[2px]" />
      <D.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-md bg-ivory p-7 shadow-lift focus:outline-none',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <D.Title className={cn('font-display text-3xl font-medium', hideTitle && 'sr-only')}>{title}</D.Title>
        {description && <D.Description className="mt-2 text-sm text-taupe">{description}</D.Description>}
        {children}
        <D.Close
          aria-label="Close"
          className="absolute top-4 right-4 rounded-full p-2 text-taupe hover:bg-sand hover:text-ink"
        >
          <X className="size-4" aria-hidden="true" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}
