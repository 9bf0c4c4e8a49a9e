import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { createBrowserRouter } from 'react-router';
import { nextTask } from '../lib/next-task';
import { AppRouter } from './app-router';
import { type BootTimes, boot } from './boot';
import { Providers } from './providers';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The app's last start stage (main.tsx): React's DOM renderer, the providers and the router's
 * mount. Made into the page's root once `ready` is in (boot.tsx); resolves when the first render
 * is scheduled.
 */
export function mount(
  client: QueryClient,
  ready: Promise<unknown>,
  createRouter: () => Router,
  times: BootTimes,
): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  // The router is made once the wait is over, in a task of its own between the preloads' last
  // and the first render's (its set-up is tens of milliseconds on a phone). After the cap, or a
  // failed load, the render makes it.
  let router: Router | undefined;
  const theRouter = () => {
    router ??= createRouter();
    return router;
  };
  const routed = ready.then(async () => {
    await nextTask();
    theRouter();
    await nextTask();
  });
  return boot(
    root,
    routed,
    () => (
      <StrictMode>
        <Providers client={client}>
          <AppRouter router={theRouter()} />
        </Providers>
      </StrictMode>
    ),
    times,
  );
}
