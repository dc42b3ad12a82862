import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FitDetailsSchema } from '@domain/reviews';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiClientError } from '../../../lib/api-client';
import { useFitDetails, useSaveFitDetails } from '../api/fit-details';
import { FitFields, fromFitForm, toFitForm, type FitFormValues } from './fit-fields';

/** The account page's 'Fit details': kept for size advice and filled in on her next review. */
export function FitDetailsSection() {
  const fit = useFitDetails();
  return (
    <section
      aria-labelledby="fit-title"
      id="fit"
      className="grid scroll-mt-24 gap-6 border-t border-linen py-10 md:grid-cols-[minmax(0,17rem)_minmax(0,1fr)] md:gap-14 md:py-12"
    >
      <div>
        <h2 id="fit-title" className="text-[1.75rem] leading-tight">
          Fit details
        </h2>
        <div className="mt-2 text-sm leading-relaxed text-taupe">
          Your height and usual size let us show which size members like you chose. Measurements are optional; only you
          see them.
        </div>
      </div>
      <div className="min-w-0 max-w-xl">
        {fit.isPending ? <Skeleton className="h-48" /> : <FitForm initial={toFitForm(fit.data?.fit)} />}
      </div>
    </section>
  );
}

function FitForm({ initial }: { initial: FitFormValues }) {
  const save = useSaveFitDetails();
  const form = useForm<FitFormValues>({ defaultValues: initial });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = FitDetailsSchema.safeParse(fromFitForm(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        form.setError(String(issue.path[0]) as keyof FitFormValues, { message: issue.message });
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      form.reset(toFitForm(saved.fit));
      toast.success('Your fit details have been saved');
    } catch (err) {
      for (const issue of err instanceof ApiClientError ? err.issues : [])
        form.setError(issue.path as keyof FitFormValues, { message: issue.message });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Fit details" className="space-y-5">
      <FitFields
        reg={(name) => form.register(name)}
        errors={Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v?.message]))}
      />
      <Button type="submit" disabled={isSubmitting || !isDirty}>
        {isSubmitting ? 'Saving...' : 'Save fit details'}
      </Button>
    </form>
  );
}
