import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router';
import { Providers } from './app/providers';
import { createRouter } from './app/routes';
import { captureInstallPrompt, registerServiceWorker } from './features/install';
import './index.css';

const router = createRouter();
// Chromium's install event can fire before any screen is up: caught now, used by the dialog.
captureInstallPrompt();
// The production build only: a worker under the dev server would serve stale modules.
if (import.meta.env.PROD) void registerServiceWorker();

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React renders it in slices of a few milliseconds instead of
// one task, so a phone's main thread stays free for input while the first screen is built
// (Lighthouse's total blocking time on the landing). There is no earlier screen to keep on show,
// which is why navigations are not transitions (app-router.tsx); this is not one.
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <AppRouter router={router} />
      </Providers>
    </StrictMode>,
  );
});
