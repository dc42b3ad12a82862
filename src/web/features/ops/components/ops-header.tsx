import type { ReactNode } from 'react';

/** The heading of a desk page: an eyebrow, the title (h1), a line on what it shows, and actions. */
export function OpsHeader({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="flex flex-col gap-4 pt-8 pb-6 md:flex-row md:items-end md:justify-between lg:pt-12">
      <div>
        <p className="eyebrow mb-2">Operations desk</p>
        <h1 className="text-display-md">{title}</h1>
        {children && <div className="mt-2 max-w-2xl text-sm leading-relaxed text-taupe">{children}</div>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </header>
  );
}

/** A titled group of a desk page, with its count. */
export function OpsSection({
  title,
  count,
  children,
  id,
}: {
  title: string;
  count?: number;
  children: ReactNode;
  id: string;
}) {
  return (
    <section aria-labelledby={id} className="mt-8 first:mt-0">
      <h2 id={id} className="mb-3 flex items-baseline gap-2 font-display text-2xl">
        {title}
        {count !== undefined && <span className="font-sans text-sm font-medium text-stone">{count}</span>}
      </h2>
      {children}
    </section>
  );
}
