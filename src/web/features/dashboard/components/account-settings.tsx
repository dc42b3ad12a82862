import { Link } from 'react-router';
import { GENDER_LABELS, GenderSchema } from '@domain/auth.schema';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth-client';

/** 'Account Settings': the member's details and where to change what can be changed. */
export function AccountSettingsButton() {
  const { data } = useSession();
  const user = data?.user;
  const gender = GenderSchema.safeParse(user?.gender);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="subtle" size="sm">
          Account Settings
        </Button>
      </DialogTrigger>
      <DialogContent title="Account Settings" description="Your details and preferences.">
        <dl className="mt-6 grid grid-cols-[7rem_1fr] gap-y-3 text-sm">
          <dt className="text-stone">Name</dt>
          <dd>{user?.fullName ?? user?.name}</dd>
          <dt className="text-stone">Email</dt>
          <dd className="break-all">{user?.email}</dd>
          <dt className="text-stone">Gender</dt>
          <dd>{gender.success ? GENDER_LABELS[gender.data] : '—'}</dd>
        </dl>
        <div className="mt-7 flex flex-wrap gap-2">
          <Button asChild size="sm" variant="outline">
            <Link to={paths.creditCardManage}>Payment details</Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={paths.pickupLocation}>Pickup option</Link>
          </Button>
          <Button asChild size="sm" variant="ghost">
            <Link to={paths.planSelection}>Change plan</Link>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
