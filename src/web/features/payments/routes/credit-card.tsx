import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, LoaderCircle, Lock } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, redirect, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  DEFAULT_COUNTRY,
  detectCardBrand,
  digitsOnly,
  EXPIRY_MONTHS,
  expiryYears,
  formatCardNumber,
  paymentFormSchemaAt,
  type PaymentForm,
  type PaymentFormInput,
} from '@domain/card';
import type { Subscription } from '@domain/plans';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { ApiClientError } from '../../../lib/api-client';
import { safePath } from '../../../lib/safe-path';
import {
  getSubscriptionQueryOptions,
  OrderSummary,
  PlansLoadError,
  PlansPageSkeleton,
  useSubscription,
} from '../../plans';
import { useSavePaymentMethod } from '../api/save-payment-method';
import { CardNumberInput } from '../components/card-number-input';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import type { Route } from './+types/credit-card';

/**
 * Her plan; without a plan waiting for payment and not in manage mode the server sends her to
 * /plan-selection straight away (the page decides the same in the browser after a navigation).
 */
const queries =
  (url: URL): PageQueries =>
  async (queryClient) => {
    const manage = url.searchParams.get('mode') === 'manage';
    const subscription = await queryClient.ensureQueryData(getSubscriptionQueryOptions());
    if (!manage && subscription.status !== 'pending_payment') throw redirect(paths.planSelection);
  };

export function loader({ context, request }: Route.LoaderArgs) {
  return loadPage(context, queries(new URL(request.url)));
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return clientLoadPage(queries(new URL(request.url)));
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Payment details · Rentique',
    description: 'The card your Rentique plan and rentals are charged to.',
    noindex: true,
  });

/**
 * /credit-card: the card for a plan waiting for payment, or (?mode=manage, from the dashboard's
 * Manage My Info) a replacement for the saved card. Without a plan waiting for payment and not
 * in manage mode, it goes to /plan-selection.
 */
export default function Component() {
  const [params] = useSearchParams();
  const manage = params.get('mode') === 'manage';
  const subscription = useSubscription();
  // Decided once, when the plan first loads: saving the card turns the plan active, and that
  // must not bounce the member to /plan-selection on the way to the dashboard.
  const [allowed, setAllowed] = useState<boolean | null>(null);
  if (allowed === null && subscription.data) setAllowed(manage || subscription.data.status === 'pending_payment');

  if (subscription.isError) return <PlansLoadError onRetry={() => void subscription.refetch()} />;
  if (allowed === null || !subscription.data) return <PlansPageSkeleton cards={2} />;
  if (!allowed) return <Navigate to={paths.planSelection} replace />;
  return <PaymentPage manage={manage} subscription={subscription.data} returnTo={safePath(params.get('returnTo'))} />;
}

function PaymentPage({
  manage,
  subscription,
  returnTo,
}: {
  manage: boolean;
  subscription: Subscription;
  returnTo: string | null;
}) {
  const navigate = useNavigate();
  const save = useSavePaymentMethod();
  const [now] = useState(() => new Date());
  const [schema] = useState(() => paymentFormSchemaAt(now));
  const years = expiryYears(now);
  const saved = manage ? subscription.card : null;
  const [formError, setFormError] = useState<string | null>(null);
  const formErrorId = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  // The reason appears just above the button: keep the button (and so the reason) on the screen.
  useEffect(() => {
    if (formError) submitRef.current?.scrollIntoView({ block: 'nearest' });
  }, [formError]);

  const form = useForm<PaymentFormInput, unknown, PaymentForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      cardNumber: '',
      expiryMonth: saved?.expiryMonth ?? '',
      expiryYear: saved?.expiryYear ?? '',
      cvv: '',
      cardholderName: saved?.cardholderName ?? '',
      billingAddress: {
        street: saved?.billingAddress.street ?? '',
        city: saved?.billingAddress.city ?? '',
        state: saved?.billingAddress.state ?? '',
        zipCode: saved?.billingAddress.zipCode ?? '',
        country: saved?.billingAddress.country ?? DEFAULT_COUNTRY,
      },
    },
  });
  const { errors } = form.formState;
  const brand = detectCardBrand(useWatch({ control: form.control, name: 'cardNumber' }) ?? '');
  const processing = save.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync(values);
      toast.success('Payment Information Saved', {
        description: manage
          ? 'Your payment information has been updated successfully.'
          : 'Your payment details have been securely saved.',
      });
      await navigate(returnTo ?? paths.dashboard);
    } catch (err) {
      if (err instanceof ApiClientError) {
        for (const issue of err.issues) {
          form.setError(issue.path as keyof PaymentFormInput, {
            message: issue.message,
          });
        }
        if (err.code === 'PAYMENT_DECLINED' || err.code === 'RATE_LIMITED') setFormError(err.message);
      }
      // The toast (the decline's reason, or PAYMENT_FAILED) comes from the query client: useSavePaymentMethod's meta.
    }
  });

  // Input masks: digits only, the card number grouped in fours.
  const cardNumber = form.register('cardNumber');
  const cvv = form.register('cvv');
  const zip = form.register('billingAddress.zipCode');
  const masked = (reg: ReturnType<typeof form.register>, mask: (v: string) => string) => ({
    ...reg,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      e.target.value = mask(e.target.value);
      return reg.onChange(e);
    },
  });

  return (
    <div className="container-page pb-24">
      <div className="pt-8">
        <Link
          to={returnTo ?? (manage ? paths.dashboard : paths.planSelection)}
          className="inline-flex items-center gap-2 text-sm text-taupe underline-offset-4 hover:text-ink hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {returnTo ? 'Back to the piece' : manage ? 'Back to Dashboard' : 'Back to Plans'}
        </Link>
      </div>
      <PageHeader
        className="pt-6 md:pt-8"
        eyebrow={manage ? 'Your account' : 'Step 2 of 2 · Payment'}
        title={manage ? 'Manage Payment Information' : 'Payment Details'}
      >
        {returnTo
          ? 'Add the card your rentals are charged to when you book. You go straight back to your piece afterwards.'
          : manage
            ? 'Replace the card we keep on file. Your plan and billing dates stay the same.'
            : 'Add a card to start your plan. You can change it, or your plan, anytime.'}
      </PageHeader>

      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16">
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label="Payment information"
          className="space-y-10"
          aria-busy={processing}
        >
          {formError && (
            <p
              className="rounded-sm border border-danger/30 bg-danger/5 px-4 py-3 text-sm font-medium text-danger"
              data-testid="card-error-top"
            >
              {formError}
            </p>
          )}
          <fieldset disabled={processing} className="space-y-5">
            <legend className="mb-5 font-display text-2xl">Card</legend>
            <Field label="Cardholder name" error={errors.cardholderName?.message}>
              <Input autoComplete="cc-name" {...form.register('cardholderName')} />
            </Field>
            <Field label="Card number" error={errors.cardNumber?.message} hint="Digits only; we group them in fours.">
              <CardNumberInput brand={brand} {...masked(cardNumber, formatCardNumber)} />
            </Field>
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <Field label="Expiry month" error={errors.expiryMonth?.message}>
                <NativeSelect autoComplete="cc-exp-month" {...form.register('expiryMonth')}>
                  <option value="">MM</option>
                  {EXPIRY_MONTHS.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field label="Expiry year" error={errors.expiryYear?.message}>
                <NativeSelect autoComplete="cc-exp-year" {...form.register('expiryYear')}>
                  <option value="">YYYY</option>
                  {years.map((y) => (
                    <option key={y} value={y}>
                      {y}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field label="CVV" error={errors.cvv?.message} className="col-span-2 sm:col-span-1">
                <Input
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                  {...masked(cvv, (v) => digitsOnly(v).slice(0, 4))}
                />
              </Field>
            </div>
          </fieldset>

          <fieldset disabled={processing} className="space-y-5">
            <legend className="mb-5 font-display text-2xl">Billing address</legend>
            <Field label="Street address" error={errors.billingAddress?.street?.message}>
              <Input autoComplete="billing street-address" {...form.register('billingAddress.street')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="City" error={errors.billingAddress?.city?.message}>
                <Input autoComplete="billing address-level2" {...form.register('billingAddress.city')} />
              </Field>
              <Field label="State" error={errors.billingAddress?.state?.message}>
                <Input autoComplete="billing address-level1" {...form.register('billingAddress.state')} />
              </Field>
              <Field label="ZIP code" error={errors.billingAddress?.zipCode?.message}>
                <Input
                  inputMode="numeric"
                  autoComplete="billing postal-code"
                  maxLength={5}
                  {...masked(zip, (v) => digitsOnly(v).slice(0, 5))}
                />
              </Field>
              <Field label="Country" error={errors.billingAddress?.country?.message}>
                <Input autoComplete="billing country" {...form.register('billingAddress.country')} />
              </Field>
            </div>
          </fieldset>

          <div className="space-y-4">
            {/* The reason again where she pressed the button: on a phone the form's top is out of sight (and the toast goes away). */}
            {formError && (
              <p
                id={formErrorId}
                role="alert"
                className="rounded-sm border border-danger/30 bg-danger/5 px-4 py-3 text-sm font-medium text-danger"
                data-testid="card-error"
              >
                {formError}
              </p>
            )}
            <Button
              ref={submitRef}
              type="submit"
              size="lg"
              className="w-full sm:w-auto sm:min-w-64"
              disabled={processing}
              aria-describedby={formError ? formErrorId : undefined}
            >
              {processing ? (
                <>
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                  Processing...
                </>
              ) : manage ? (
                'Update Payment Information'
              ) : (
                'Save Payment Information'
              )}
            </Button>
            <p className="flex items-start gap-2 text-xs leading-relaxed text-stone">
              <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              Your card number and CVV go straight to our payment provider. Rentique keeps only the brand and the last
              four digits.
            </p>
          </div>
        </form>

        <OrderSummary subscription={subscription} manage={manage} />
      </div>
    </div>
  );
}
