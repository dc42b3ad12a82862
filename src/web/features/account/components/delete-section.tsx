import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { ApiClientError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { clearMemberLocalState } from '../../../lib/local-state';
import { useDeleteAccount } from '../api/delete-account';
import { SettingsSection } from './settings-section';

/** Delete my account: password required; refused (with the reason) while rentals are open. */
export function DeleteSection() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection id="delete" title="Delete account" description="Leaving Rentique removes your account for good.">
      <div className="rounded-md border border-danger/25 bg-danger/[0.03] p-5">
        <p className="text-sm leading-relaxed text-taupe">
          We remove your profile, saved card, plan, favourites, event reservations and listings, and sign you out everywhere. Past rentals and
          payments stay in our records without your name. You cannot delete your account while a rental is out or one of your pieces is rented.
        </p>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="danger" className="mt-5">
              Delete my account
            </Button>
          </DialogTrigger>
          {open && <DeleteDialog />}
        </Dialog>
      </div>
    </SettingsSection>
  );
}

function DeleteDialog() {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [blocked, setBlocked] = useState<string | undefined>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFieldError(undefined);
    setBlocked(undefined);
    if (!password) {
      setFieldError('Enter your password');
      return;
    }
    try {
      await remove.mutateAsync(password);
    } catch (err) {
      if (err instanceof ApiClientError && err.code === 'FORBIDDEN') setFieldError(err.message);
      else setBlocked(err instanceof Error ? err.message : 'Your account could not be deleted. Please try again.');
      return;
    }
    // Leave the member pages first, so the login gate does not send us to /login.
    await navigate(paths.home, { replace: true });
    queryClient.clear();
    clearMemberLocalState();
    await session.refetch();
    toast('Your account has been deleted', { description: 'Thank you for wearing Rentique.' });
  };

  return (
    <DialogContent title="Delete your account?" description="This cannot be undone. Enter your password to confirm it is you.">
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-6 space-y-5" aria-label="Delete your account">
        {blocked && (
          <p role="alert" className="rounded-sm border border-danger/30 bg-danger/5 px-4 py-3 text-sm font-medium text-danger">
            {blocked}
          </p>
        )}
        <Field label="Password" error={fieldError}>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="ghost">Keep my account</Button>
          </DialogClose>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
