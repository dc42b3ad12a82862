import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const fieldClass =
  'block w-full rounded-sm border border-linen bg-ivory px-3.5 py-2.5 text-[0.95rem] text-ink placeholder:text-stone/80 transition-colors focus:border-ink focus:outline-none focus-visible:outline-none focus:ring-1 focus:ring-ink aria-invalid:border-danger aria-invalid:ring-danger disabled:opacity-50';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClass, 'h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClass, 'min-h-28', className)} {...props} />;
}

export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        fieldClass,
        'h-11 appearance-none bg-[length:12px] bg-[right_0.9rem_center] bg-no-repeat pr-9',
        'select-chevron',
        className,
      )}
      {...props}
    >
      {children}
    </select>
  );
}

/** A NativeSelect of `options`, each shown as itself, after an empty "Choose…". */
export function ChoiceSelect({
  options,
  ...props
}: Omit<ComponentProps<'select'>, 'children'> & { options: readonly string[] }) {
  return (
    <NativeSelect {...props}>
      <option value="">Choose…</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </NativeSelect>
  );
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label className={cn('mb-1.5 block text-[0.8rem] font-medium tracking-wide text-taupe', className)} {...props} />
  );
}
