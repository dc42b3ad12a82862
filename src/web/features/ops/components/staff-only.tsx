import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { OPS_MESSAGES } from '@domain/ops.rules';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/**
 * What a member who opens the operations desk sees (answered 403 by the desk's loader, which is
 * its gate, decision 0054). The API refuses the same people (401 / 403), so this is only the
 * friendly face of the rule.
 */
export function StaffOnly() {
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <ShieldAlert className="size-10 text-stone" aria-hidden="true" />
      <h1 className="mt-5 text-display-md">{OPS_MESSAGES.staffOnly}</h1>
      <p className="mt-3 max-w-md text-sm text-taupe">{OPS_MESSAGES.staffOnlyBody}</p>
      <Button asChild className="mt-8">
        <Link to={paths.dashboard}>Back to your account</Link>
      </Button>
    </section>
  );
}
