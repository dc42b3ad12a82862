import { cn } from '../../../lib/cn';

/** A row of marketing figures: a large serif value over a small caption. */
export function StatList({
  stats,
  className,
}: {
  stats: readonly { value: string; label: string }[];
  className?: string;
}) {
  return (
    <dl
      className={cn(
        'grid grid-cols-2 gap-x-6 gap-y-10 border-y border-linen py-10 md:py-12',
        stats.length === 3 ? 'md:grid-cols-3' : 'md:grid-cols-4',
        className,
      )}
    >
      {stats.map((s) => (
        <div key={s.label} className="flex flex-col items-center text-center">
          <dt className="order-2 mt-2 eyebrow">{s.label}</dt>
          <dd className="order-1 font-display text-[2.6rem] leading-none font-medium md:text-[3.25rem]">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
