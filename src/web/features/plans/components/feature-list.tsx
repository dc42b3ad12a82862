import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn';

export function FeatureList({ features, className }: { features: readonly string[]; className?: string }) {
  return (
    <ul className={cn('space-y-2.5 text-sm text-taupe', className)}>
      {features.map((f) => (
        <li key={f} className="flex gap-2.5">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sage" />
          <span>{f}</span>
        </li>
      ))}
    </ul>
  );
}
