import { useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';

/**
 * A confirm dialog that asks for a reason (waive a late fee, retire a unit): the reason is checked
 * with the route's own schema, the server's refusal is shown in the dialog, focus stays inside.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  hint,
  confirm,
  busyLabel,
  schema,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  label: string;
  hint?: string;
  confirm: string;
  busyLabel: string;
  schema: z.ZodType<{ reason: string }>;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  // Opened by state (one dialog can serve a list of buttons), so Radix has no trigger to give the
  // focus back to: remember what had it and return it on close. (No autoFocus on the field: Radix
  // focuses it, the first control, and only then tells us what had the focus before.)
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={description}
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(e) => {
          if (opener.current?.isConnected) {
            e.preventDefault();
            opener.current.focus();
          }
        }}
      >
        {open && (
          <ReasonForm
            label={label}
            hint={hint}
            confirm={confirm}
            busyLabel={busyLabel}
            schema={schema}
            onConfirm={onConfirm}
            onCancel={() => onOpenChange(false)}
            title={title}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ReasonForm({
  title,
  label,
  hint,
  confirm,
  busyLabel,
  schema,
  onConfirm,
  onCancel,
}: {
  title: string;
  label: string;
  hint?: string | undefined;
  confirm: string;
  busyLabel: string;
  schema: z.ZodType<{ reason: string }>;
  onConfirm: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = schema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    onConfirm(parsed.data.reason).then(
      () => onCancel(),
      (err: unknown) => {
        setBusy(false);
        setError(err instanceof ApiClientError ? err.message : 'Something went wrong. Please try again.');
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5" aria-label={title}>
      <Field label={label} error={error} hint={hint}>
        <Textarea value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? busyLabel : confirm}
        </Button>
      </div>
    </form>
  );
}
