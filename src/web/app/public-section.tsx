import { Outlet } from 'react-router';
import { SectionErrorBoundary } from './route-error';

/** The public pages (routes.ts): no gate; a page that fails shows the public error screen in the frame. */
export default function PublicSection() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <SectionErrorBoundary section="public" />;
}
