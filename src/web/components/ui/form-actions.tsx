import { Button, type ButtonProps } from './button';

interface FormActionsProps {
  /** The form's own error (one no field shows), announced. */
  error?: string | undefined;
  onCancel: () => void;
  /** While the form is being sent: the submit button is disabled and says `pendingLabel`. */
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  variant?: ButtonProps['variant'];
}

/** The end of a form in a dialog: its error, then Cancel and the submit button. */
export function FormActions({ error, onCancel, pending, submitLabel, pendingLabel, variant }: FormActionsProps) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={variant} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </>
  );
}
