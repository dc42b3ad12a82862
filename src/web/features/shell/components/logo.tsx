import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link
      to={paths.home}
      className={`font-display text-[1.7rem] leading-none font-semibold tracking-[0.02em] ${className}`}
      aria-label="Rentique home"
    >
      Rentique
    </Link>
  );
}
