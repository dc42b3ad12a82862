import type React from 'react';
import { PageHeader } from './page-header';

/** A page whose feature has not landed yet. */
export function PlaceholderPage({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="container-page pb-24">
      <PageHeader eyebrow="Rentique" title={title}>
        {children ?? 'This part of Rentique is being tailored. Check back soon.'}
      </PageHeader>
    </div>
  );
}
