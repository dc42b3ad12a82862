import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from './empty-state';

/** What a page shows when its data could not be loaded: what failed, and a way to ask again. */
export function LoadError({ title, onRetry, children }: { title: string; onRetry: () => void; children?: ReactNode }) {
  return (
    <EmptyState title={title}>
      {children}
      <Button variant="outline" size="sm" className="mt-5" onClick={onRetry}>
        Try again
      </Button>
    </EmptyState>
  );
}
