import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin text-taupe', className)} />
      {label ? <span>{label}</span> : <span className="sr-only">Loading</span>}
    </span>
  );
}

/** The full-screen wait used by the login gate and lazy routes. */
export function FullScreenSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center text-sm tracking-wide text-taupe">
      <Spinner label={label} />
    </div>
  );
}
