import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** The editorial page title: an eyebrow, a serif headline and an optional lede. */
export function PageHeader({
  eyebrow,
  title,
  children,
  className,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <header className={cn('pt-12 pb-8 md:pt-16 md:pb-10', className)}>
      {eyebrow && <p className="eyebrow mb-3">{eyebrow}</p>}
      <h1 className="text-display-lg">{title}</h1>
      {children && <div className="mt-4 max-w-2xl text-[0.95rem] leading-relaxed text-taupe">{children}</div>}
    </header>
  );
}
