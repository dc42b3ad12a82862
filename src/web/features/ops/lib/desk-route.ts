import type { AppLoadContext, MetaDescriptor } from 'react-router';
import { OPS_MESSAGES } from '@domain/ops.rules';
import { pageMeta, rootDataOf } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import { browserUser } from '../../../lib/session';

/**
 * A desk page's loader: its data for staff; nothing for anyone else (the desk's layout sends a
 * visitor to sign in and shows a member 'Staff only'; loaders of nested routes run side by side,
 * so each checks for itself).
 */
export function loadDeskPage(context: AppLoadContext, fill: PageQueries) {
  return context.user?.role === 'staff' ? loadPage(context, fill) : null;
}

/** The same in the browser (decision 0054): the page's queries, for staff only. */
export async function clientLoadDeskPage(fill: PageQueries) {
  return (await browserUser())?.role === 'staff' ? clientLoadPage(fill) : { status: 200 };
}

/** A desk page's head: 'Today · Ops desk · Rentique' for staff, 'Staff only' for anyone else. Never indexed. */
export function deskMeta(args: Parameters<typeof pageMeta>[0], title: string): MetaDescriptor[] {
  const staff = rootDataOf(args)?.user?.role === 'staff';
  return pageMeta(args, {
    title: staff ? `${title} · Ops desk · Rentique` : `${OPS_MESSAGES.staffOnly} · Rentique`,
    description:
      'The Rentique operations desk: today’s rentals, check-in, inventory, listings to review and the audit log.',
    noindex: true,
  });
}
