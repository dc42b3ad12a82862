import { Outlet } from 'react-router';
import { SectionErrorBoundary } from './route-error';

/** The operations desk (routes.ts): its gate is its layout's (features/ops); a page that fails shows the desk's error screen in the frame. */
export default function OpsSection() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <SectionErrorBoundary section="ops" />;
}
