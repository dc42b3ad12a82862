import { Settings } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** 'Account Settings': opens the account page (details, password, e-mail, devices, data, deletion). */
export function AccountSettingsButton() {
  return (
    <Button asChild variant="subtle" size="sm">
      <Link to={paths.account}>
        <Settings aria-hidden="true" /> Account Settings
      </Link>
    </Button>
  );
}
