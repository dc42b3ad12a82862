import type { EntryContext } from 'react-router';

/**
 * The scripts a page runs before it is live, as React Router's build manifest lists them (read,
 * not changed): the browser entry and each matched route's module with its static imports.
 */
export function pageModules({ manifest, staticHandlerContext }: EntryContext): string[] {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const { route } of staticHandlerContext.matches) {
    const entry = manifest.routes[route.id];
    if (!entry) continue;
    files.add(entry.module);
    for (const file of entry.imports ?? []) files.add(file);
  }
  return [...files];
}

/**
 * The page's scripts, asked for at low priority ahead of React Router's own module preloads
 * (`<Scripts>`, high priority): React puts these `<link>`s first in the head, after the
 * stylesheet, and the browser fetches each module once, at the priority it first saw. So on a slow
 * connection the stylesheet and the page's pictures come before the app's code, and the page
 * paints without waiting for it (decision 0072). Rendered on the server only, next to the router.
 */
export function LowPriorityModules({ hrefs }: { hrefs: string[] }) {
  return hrefs.map((href) => <link key={href} rel="modulepreload" href={href} fetchPriority="low" />);
}
