import type { ReactNode } from 'react';
import { paths } from '../config/paths';
import { useSignOut } from '../lib/use-sign-out';
import { Button, type ButtonProps } from './ui/button';

/**
 * Sign Out: a form that posts to /sign-out, so a click works before the app runs (the server ends
 * the session and sends her home, decision 0044); once it runs, the app signs out itself (it also
 * forgets this browser's cached data and says 'Logged out').
 */
export function SignOutButton({
  children,
  ...props
}: Omit<ButtonProps, 'type' | 'onClick' | 'asChild'> & { children: ReactNode }) {
  const signOut = useSignOut();
  return (
    <form
      method="post"
      action={paths.signOut}
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        void signOut();
      }}
    >
      <Button type="submit" {...props}>
        {children}
      </Button>
    </form>
  );
}
