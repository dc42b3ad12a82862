/**
 * The browser's entry, kept tiny: the page arrived rendered by the server, so it is painted first
 * and React, React Router and the hydration are fetched and run after that (decision 0027). On a
 * slow connection the page's CSS, fonts and pictures then do not compete with the app's code.
 * (The page's route modules are fetched by React Router's module script, at the low priority of
 * an async module; the server sends no preload for them, see entry.server.tsx.)
 */
requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./app/hydrate').then((m) => m.hydrate());
  }, 0);
});
