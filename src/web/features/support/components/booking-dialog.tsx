import { CalendarCheck } from 'lucide-react';
import { useId, useState, type RefObject } from 'react';
import { DayPicker } from 'react-day-picker';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  APPOINTMENT_KINDS,
  APPOINTMENT_KIND_IDS,
  APPOINTMENT_NOTE_MAX,
  AppointmentRequestSchema,
  SUPPORT_MESSAGES,
  appointmentWindow,
  isStudioOpen,
  type Appointment,
  type AppointmentRequest,
} from '@domain/support';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Label, NativeSelect, Textarea } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { checkedBy } from '../../../lib/form-schema';
import { useAvailability } from '../api/get-availability';
import { useBookAppointment } from '../api/book-appointment';
import { useBusinessToday } from '../../../lib/time-zone';
import 'react-day-picker/style.css';
import '../../../components/ui/calendar.css';
import './calendar.css';
import { dayOfPicker, pickerDate } from '../../../lib/calendar-day';

type FormValues = { date: string; time: string; kind: AppointmentRequest['kind']; note: string };

/** What the form holds, checked with AppointmentRequestSchema (the server's). */
const AppointmentFormSchema = z
  .object({ date: z.string(), time: z.string(), kind: z.custom<AppointmentRequest['kind']>(), note: z.string() })
  .transform(checkedBy(AppointmentRequestSchema));

/**
 * 'Book Appointment': a styling appointment in our own dialog (Radix: focus moves in, is trapped,
 * and returns to the button on close). Date from tomorrow to 60 days ahead (not Sundays), one of
 * the day's free times, the kind of appointment and a note. A slot someone else took meanwhile
 * comes back as a 409; the times are fetched again and the member picks another.
 */
export function BookingDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to on close (the dialog is opened without a Radix trigger). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(e) => {
          if (!returnFocusTo?.current) return;
          e.preventDefault();
          returnFocusTo.current.focus();
        }}
        title="Book a styling appointment"
        description="An hour with one of our stylists at the Mercer Lane studio, or by video. Free for members."
        className="max-w-xl"
      >
        {open && <BookingForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function BookingForm({ onDone }: { onDone: () => void }) {
  const book = useBookAppointment();
  const [booked, setBooked] = useState<Appointment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const timesId = useId();
  const form = useForm<FormValues, unknown, AppointmentRequest>({
    resolver: zodResolver(AppointmentFormSchema),
    defaultValues: { date: '', time: '', kind: 'wardrobe-consultation', note: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const date = useWatch({ control: form.control, name: 'date' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const availability = useAvailability(date || null);

  const today = useBusinessToday();
  const bookable = appointmentWindow(today);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const appointment = await book.mutateAsync({
        ...values,
        ...(values.note ? {} : { note: undefined }),
      } as AppointmentRequest);
      setBooked(appointment);
      toast.success(SUPPORT_MESSAGES.appointmentBooked, {
        description: `${formatDate(appointment.date)} at ${appointment.time}. A confirmation is on its way.`,
      });
    } catch (err) {
      if (err instanceof ApiClientError && err.code === 'CONFLICT') {
        form.setValue('time', '');
        setFailure(err.message);
        // Focus the first time still free, so the member can choose again at once.
        queueMicrotask(() =>
          document.getElementById(timesId)?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus(),
        );
      } else if (err instanceof ApiClientError && err.issues.length) {
        for (const issue of err.issues) form.setError(issue.path as keyof FormValues, { message: issue.message });
      } else {
        setFailure(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
      }
    }
  });

  if (booked) {
    return (
      <div role="status" className="mt-6 rounded-md border border-linen bg-paper p-6">
        <CalendarCheck aria-hidden="true" className="size-6 text-sage" />
        <p className="mt-4 font-display text-2xl">You are booked in.</p>
        <p className="mt-2 text-sm leading-relaxed text-taupe">
          {APPOINTMENT_KINDS[booked.kind].label} on{' '}
          <strong className="font-semibold text-ink">{formatDate(booked.date)}</strong> at{' '}
          <strong className="font-semibold text-ink">{booked.time}</strong>. We have e-mailed you the details.
        </p>
        <Button className="mt-6" onClick={onDone}>
          Done
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Book a styling appointment" className="mt-6 space-y-6">
      {failure && (
        <p
          role="alert"
          className="rounded-sm border border-danger/30 bg-danger/5 px-4 py-3 text-sm font-medium text-danger"
        >
          {failure}
        </p>
      )}
      <fieldset>
        <legend className="mb-1.5 block text-[0.8rem] font-medium tracking-wide text-taupe">Date</legend>
        <Controller
          control={form.control}
          name="date"
          render={({ field }) => (
            <DayPicker
              mode="single"
              required={false}
              selected={field.value ? pickerDate(field.value) : undefined}
              onSelect={(d) => {
                field.onChange(d ? dayOfPicker(d) : '');
                form.setValue('time', '');
                setFailure(null);
              }}
              disabled={[
                { before: pickerDate(bookable.first) },
                { after: pickerDate(bookable.last) },
                (d: Date) => !isStudioOpen(dayOfPicker(d)),
              ]}
              startMonth={pickerDate(bookable.first)}
              endMonth={pickerDate(bookable.last)}
              className="rentique-calendar appointment-calendar"
              footer={
                <p className="mt-2 text-xs text-stone">
                  {date ? `Chosen: ${formatDate(date)}` : 'Open Monday to Saturday. Sundays are for the atelier.'}
                </p>
              }
            />
          )}
        />
        {errors.date?.message && (
          <p role="alert" className="mt-1.5 text-xs font-medium text-danger">
            {errors.date.message}
          </p>
        )}
      </fieldset>

      <fieldset id={timesId} disabled={!date}>
        <legend className="mb-2 block text-[0.8rem] font-medium tracking-wide text-taupe">Time</legend>
        {!date ? (
          <p className="text-sm text-stone">Choose a date to see the free times.</p>
        ) : availability.isPending ? (
          <p className="text-sm text-stone" role="status">
            Looking up the free times…
          </p>
        ) : availability.isError ? (
          <p className="text-sm text-danger">Could not load the times. {availability.error.message}</p>
        ) : (
          <Controller
            control={form.control}
            name="time"
            render={({ field }) => (
              <div
                className="grid grid-cols-3 gap-2 sm:grid-cols-4"
                role="group"
                aria-label={`Times on ${formatDate(date)}`}
              >
                {availability.data.slots.map((slot) => (
                  <button
                    key={slot.time}
                    type="button"
                    aria-pressed={field.value === slot.time}
                    disabled={!slot.available}
                    onClick={() => field.onChange(slot.time)}
                    className={cn(
                      'h-11 rounded-sm border text-sm transition-colors disabled:cursor-not-allowed disabled:border-linen/60 disabled:text-stone/60 disabled:line-through',
                      field.value === slot.time
                        ? 'border-ink bg-ink text-ivory'
                        : 'border-linen bg-ivory text-ink hover:border-ink',
                    )}
                  >
                    {slot.time}
                    {!slot.available && <span className="sr-only"> (taken)</span>}
                  </button>
                ))}
              </div>
            )}
          />
        )}
        {errors.time?.message && (
          <p role="alert" className="mt-1.5 text-xs font-medium text-danger">
            {errors.time.message}
          </p>
        )}
      </fieldset>

      <Field
        label="Kind of appointment"
        error={errors.kind?.message}
        hint={`${APPOINTMENT_KINDS[kind].about} ${APPOINTMENT_KINDS[kind].minutes} minutes.`}
      >
        <NativeSelect {...form.register('kind')}>
          {APPOINTMENT_KIND_IDS.map((id) => (
            <option key={id} value={id}>
              {APPOINTMENT_KINDS[id].label}
            </option>
          ))}
        </NativeSelect>
      </Field>

      <div>
        <Label htmlFor="appointment-note">Note for your stylist (optional)</Label>
        <Textarea
          id="appointment-note"
          maxLength={APPOINTMENT_NOTE_MAX}
          placeholder="The occasion, sizes you usually wear, pieces you have saved…"
          aria-invalid={errors.note ? true : undefined}
          {...form.register('note')}
        />
        {errors.note?.message && (
          <p role="alert" className="mt-1.5 text-xs font-medium text-danger">
            {errors.note.message}
          </p>
        )}
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Booking…' : 'Book appointment'}
        </Button>
      </div>
    </form>
  );
}
