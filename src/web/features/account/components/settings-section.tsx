import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/**
 * One part of the account page: its title and a line about it on the left (above on a phone),
 * what can be done on the right. Sections are separated by a hairline, not boxed.
 */
export function SettingsSection({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      id={id}
      className={cn(
        'grid scroll-mt-24 gap-6 border-t border-linen py-10 md:grid-cols-[minmax(0,17rem)_minmax(0,1fr)] md:gap-14 md:py-12',
        className,
      )}
    >
      <div>
        <h2 id={`${id}-title`} className="text-[1.75rem] leading-tight">
          {title}
        </h2>
        <div className="mt-2 text-sm leading-relaxed text-taupe">{description}</div>
      </div>
      <div className="min-w-0 max-w-xl">{children}</div>
    </section>
  );
}
