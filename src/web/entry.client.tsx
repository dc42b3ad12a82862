import { loadWebFonts } from './web-fonts';

/**
 * The browser's entry, kept tiny: the page arrived rendered by the server, so it is painted first
 * (with the fallback faces) and the web fonts, React, React Router and the hydration are fetched
 * and run after that (decision 0027). On a slow connection the page's CSS and pictures then do
 * not compete with them. The fonts go into use together once they have all arrived (web-fonts.ts,
 * decision 0078). (The page's route modules and what they import are asked for at low priority,
 * ahead of React Router's own preloads: app/module-hints.tsx, decision 0072.)
 */
requestAnimationFrame(() => {
  setTimeout(() => {
    void loadWebFonts();
    void import('./app/hydrate').then((m) => m.hydrate());
  }, 0);
});
