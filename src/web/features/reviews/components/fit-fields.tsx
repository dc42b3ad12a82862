import type { UseFormRegisterReturn } from 'react-hook-form';
import { BODY_RANGE_CM, HEIGHT_RANGE_CM, USUAL_SIZES } from '@domain/reviews.rules';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect } from '../../../components/ui/input';

/** The fit details as a form holds them: text in the inputs, '' for none. */
export interface FitFormValues {
  heightCm: string;
  bustCm: string;
  waistCm: string;
  hipsCm: string;
  usualSize: string;
}

export const toFitForm = (
  f:
    | {
        heightCm: number | null;
        bustCm: number | null;
        waistCm: number | null;
        hipsCm: number | null;
        usualSize: string | null;
      }
    | undefined,
): FitFormValues => ({
  heightCm: f?.heightCm?.toString() ?? '',
  bustCm: f?.bustCm?.toString() ?? '',
  waistCm: f?.waistCm?.toString() ?? '',
  hipsCm: f?.hipsCm?.toString() ?? '',
  usualSize: f?.usualSize ?? '',
});

const num = (s: string) => (s.trim() === '' ? null : Number(s));
/** The values for the API (the domain schema checks them): numbers, null for none. */
export const fromFitForm = (v: FitFormValues) => ({
  heightCm: num(v.heightCm),
  bustCm: num(v.bustCm),
  waistCm: num(v.waistCm),
  hipsCm: num(v.hipsCm),
  usualSize: v.usualSize === '' ? null : (v.usualSize as (typeof USUAL_SIZES)[number]),
});

type Errors = Partial<Record<keyof FitFormValues, string | undefined>>;

/** Height, bust, waist, hips and usual size, each optional; `reg` registers one with the form that holds them. */
export function FitFields({
  reg,
  errors,
}: {
  reg: (name: keyof FitFormValues) => UseFormRegisterReturn;
  errors: Errors;
}) {
  const body = `${BODY_RANGE_CM.min}–${BODY_RANGE_CM.max}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Height (cm)" error={errors.heightCm} hint={`${HEIGHT_RANGE_CM.min}–${HEIGHT_RANGE_CM.max}`}>
        <Input inputMode="numeric" autoComplete="off" {...reg('heightCm')} />
      </Field>
      <Field label="Usual size" error={errors.usualSize}>
        <NativeSelect {...reg('usualSize')}>
          <option value="">Not given</option>
          {USUAL_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Bust (cm)" error={errors.bustCm} hint={body}>
        <Input inputMode="numeric" autoComplete="off" {...reg('bustCm')} />
      </Field>
      <Field label="Waist (cm)" error={errors.waistCm} hint={body}>
        <Input inputMode="numeric" autoComplete="off" {...reg('waistCm')} />
      </Field>
      <Field label="Hips (cm)" error={errors.hipsCm} hint={body}>
        <Input inputMode="numeric" autoComplete="off" {...reg('hipsCm')} />
      </Field>
    </div>
  );
}
