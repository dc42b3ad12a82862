import { Heart, LockKeyhole, Sparkles, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ItemGender } from '@domain/catalogue';
import { MATCH_MESSAGES, otherGender } from '@domain/match.rules';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

function Panel({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section
      aria-labelledby="match-panel-title"
      className="mx-auto flex max-w-md flex-col items-center rounded-md border border-linen bg-ivory px-6 py-12 text-center shadow-soft sm:px-10"
    >
      <div
        className="mb-5 flex size-14 items-center justify-center rounded-full bg-sand text-taupe [&_svg]:size-6"
        aria-hidden="true"
      >
        {icon}
      </div>
      <h2 id="match-panel-title" className="text-display-md">
        {title}
      </h2>
      <div className="mt-3 text-[0.95rem] leading-relaxed text-taupe">{children}</div>
      <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:flex-row">{actions}</div>
    </section>
  );
}

/** Signed out: matching needs an account. */
export function LoginRequired() {
  return (
    <Panel
      icon={<LockKeyhole />}
      title="Login Required"
      actions={
        <>
          <Button asChild>
            <Link to={paths.signup}>Sign Up Now</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to={paths.login} state={{ from: { pathname: paths.match, search: '', hash: '' } }}>
              Sign In
            </Link>
          </Button>
        </>
      }
    >
      Sign in to swipe through the collection and keep the pieces you love in your favorites.
    </Panel>
  );
}

/** Three views today: come back tomorrow. */
export function DailyLimitReached() {
  return (
    <Panel
      icon={<Sun />}
      title={MATCH_MESSAGES.dailyLimitTitle}
      actions={
        <>
          <Button asChild>
            <Link to={paths.home}>Back to Home</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to={paths.favorites}>
              <Heart aria-hidden="true" /> View Favorites
            </Link>
          </Button>
        </>
      }
    >
      {MATCH_MESSAGES.dailyLimit}
    </Panel>
  );
}

/** Every item of this gender has been viewed. */
export function DeckFinished({ gender }: { gender: ItemGender }) {
  const other = otherGender(gender);
  return (
    <Panel
      icon={<Sparkles />}
      title="You've seen everything"
      actions={
        <>
          <Button asChild>
            <Link to={paths.favorites}>
              <Heart aria-hidden="true" /> View Favorites
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to={`${paths.match}?gender=${other.toLowerCase()}`}>See {other}&apos;s Items</Link>
          </Button>
        </>
      }
    >
      You have viewed every piece in our {gender.toLowerCase()}&apos;s collection. Revisit your favorites or explore the{' '}
      {other.toLowerCase()}&apos;s edit.
    </Panel>
  );
}
