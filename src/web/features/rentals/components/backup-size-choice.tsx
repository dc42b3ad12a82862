import { useId } from 'react';

/** A second size held with hers at no charge: it ships with it and both come back together (decision 0034). */
export function BackupSizeChoice({
  options,
  value,
  onChange,
}: {
  options: readonly string[];
  value: string;
  onChange: (size: string) => void;
}) {
  const id = useId();
  return (
    <div className="p-5">
      <label htmlFor={id} className="eyebrow mb-2 block">
        Backup size
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="select-chevron h-11 w-full max-w-64 appearance-none rounded-sm border border-linen bg-ivory bg-[length:12px] bg-[right_0.9rem_center] bg-no-repeat px-3.5 pr-9 text-[0.95rem] text-ink focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none"
        aria-describedby={`${id}-hint`}
      >
        <option value="">No backup size</option>
        {options.map((s) => (
          <option key={s} value={s}>
            Size {s}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-2 text-xs text-stone">
        Not sure of the fit? We hold a second size for the same dates at no charge; it ships with the first and both
        come back together.
      </p>
    </div>
  );
}
