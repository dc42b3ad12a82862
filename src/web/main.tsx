import './zod-config';
import './styles.css';
import { SERVER_STATE_ID } from './app/server-state';

/**
 * The entry: the stylesheet, and the app's code fetched once the browser has painted a page the
 * server rendered, so on a slow connection the page's own CSS, fonts and pictures do not compete
 * with the app's code for the network. An empty #root (member pages) starts at once.
 */
function boot() {
  // The rendered page's own chunks (named by the server) load alongside the app's code.
  const modules = document.getElementById(SERVER_STATE_ID)?.dataset.modules?.split(' ') ?? [];
  for (const href of modules) {
    if (!href.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import('./app/start').then((m) => m.start());
}

if (document.getElementById('root')?.hasChildNodes()) requestAnimationFrame(() => setTimeout(boot, 0));
else boot();
