import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  ContactMessageRequestSchema,
  SUPPORT_MESSAGES,
  type ContactMessageRequest,
} from '@domain/support';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useSendContactMessage } from '../api/send-contact-message';

/** The contact form: stored on the server, and a copy is e-mailed to the sender. */
export function ContactForm() {
  const { data: session } = useSession();
  const send = useSendContactMessage();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ContactMessageRequest>({
    resolver: zodResolver(ContactMessageRequestSchema),
    values: {
      name: session?.user.name ?? '',
      email: session?.user.email ?? '',
      topic: '' as ContactMessageRequest['topic'],
      message: '',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync(values);
      setSentTo(values.email);
      form.reset();
    } catch (err) {
      if (err instanceof ApiClientError && err.issues.length) {
        for (const issue of err.issues)
          form.setError(issue.path as keyof ContactMessageRequest, { message: issue.message });
      } else {
        setFailure(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
      }
    }
  });

  if (sentTo) {
    return (
      <div role="status" className="rounded-md border border-linen bg-ivory p-8 shadow-soft">
        <MailCheck aria-hidden="true" className="size-6 text-sage" />
        <p className="mt-4 font-display text-3xl">{SUPPORT_MESSAGES.contactSent}</p>
        <p className="mt-3 text-[0.95rem] leading-relaxed text-taupe">
          Thank you. We have e-mailed a copy to <strong className="font-semibold break-all text-ink">{sentTo}</strong>{' '}
          and will reply within one working day.
        </p>
        <Button variant="outline" className="mt-6" onClick={() => setSentTo(null)}>
          Write another message
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Contact us"
      className="space-y-5 rounded-md border border-linen bg-ivory p-6 shadow-soft sm:p-8"
    >
      {failure && (
        <p
          role="alert"
          className="rounded-sm border border-danger/30 bg-danger/5 px-4 py-3 text-sm font-medium text-danger"
        >
          {failure}
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Your name" error={errors.name?.message}>
          <Input autoComplete="name" {...form.register('name')} />
        </Field>
        <Field label="E-mail" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </Field>
      </div>
      <Field label="Topic" error={errors.topic?.message}>
        <NativeSelect {...form.register('topic')}>
          <option value="">Choose a topic</option>
          {CONTACT_TOPICS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        label="Message"
        error={errors.message?.message}
        hint={`Up to ${CONTACT_LIMITS.messageMax} characters. Order or piece names help us answer faster.`}
      >
        <Textarea rows={6} maxLength={CONTACT_LIMITS.messageMax} {...form.register('message')} />
      </Field>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}
