import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { SectionErrorBoundary } from './route-error';
import routes from '../routes';
import * as memberSection from './member-section';
import * as opsSection from './ops-section';
import * as publicSection from './public-section';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let broken = false;
/** A page that fails while rendering as long as `broken` is set. */
function Flaky() {
  if (broken) throw new Error('render failed');
  return <h1>Your rentals</h1>;
}

function renderAt(path: string) {
  const tree: RouteObject[] = [
    {
      element: (
        <>
          <nav aria-label="Main">Rentique</nav>
          <Outlet />
        </>
      ),
      children: [
        { errorElement: <SectionErrorBoundary section="public" />, children: [{ path: '/', element: <p>Home</p> }] },
        {
          errorElement: <SectionErrorBoundary section="member" />,
          children: [{ path: '/dashboard', element: <Flaky /> }],
        },
      ],
    },
  ];
  const router = createMemoryRouter(tree, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient(null)}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('error boundary per section', () => {
  it("a page that fails shows its section's screen inside the layout, and Try again renders it anew", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    broken = true;
    renderAt('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be shown.');
    expect(alert).toHaveAttribute('data-section', 'member');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument(); // the frame stays
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your rentals' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the app gives each section (public, member, ops) its own error screen', () => {
    // Every page is under one of the three sections (src/web/routes.ts)...
    expect(routes.map((r) => r.file)).toEqual([
      'app/public-section.tsx',
      'app/member-section.tsx',
      'app/ops-section.tsx',
    ]);
    // ...and each section's module has its error screen.
    for (const section of [publicSection, memberSection, opsSection])
      expect(section.ErrorBoundary).toBeTypeOf('function');
  });
});
