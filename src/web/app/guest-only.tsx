import { redirect } from 'react-router';
import { paths } from '../config/paths';
import { browserLoader } from '../lib/page-data';
import { GuestOnly } from './gate';
import type { Route } from './+types/guest-only';

/** /signup and /login: a member who asks for either goes to her dashboard (the server answers with the redirect). */
export function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect(paths.dashboard);
  return null;
}

export const clientLoader = browserLoader;

export default function GuestOnlySection() {
  return <GuestOnly />;
}
