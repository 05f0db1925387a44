import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { hydrate } from '@tanstack/react-query';
import { watchBuyerPrices } from '@/app/buyer-prices';
import { afterHydration } from '@/app/guard';
import { syncPreferences } from '@/app/preferences';
import { Providers } from '@/app/providers';
import { routes } from '@/app/router';
import { i18nReady } from '@/lib/i18n';
import { setNavigator } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { bootData, hydrationState } from '@/lib/render-context';
import './styles.css';

const boot = bootData();

function app(router: DataRouter) {
  return (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}

/** The route modules of this URL, loaded before hydrating (the server rendered them). */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      route.lazy = undefined;
    }),
  );
}

async function start(): Promise<void> {
  if (syncPreferences(boot)) {
    window.location.reload();
    return;
  }
  // `common` of the page's language: waiting for it keeps the first render from suspending.
  await i18nReady;
  watchBuyerPrices();
  const root = document.getElementById('root')!;
  const state = boot?.ssr ? hydrationState() : undefined;
  if (state) {
    // A server-rendered page: the same data, the same route modules, then React takes it over.
    hydrate(queryClient, state.queries);
    await loadMatchedRoutes();
    const router = createBrowserRouter(routes, { hydrationData: state.router });
    setNavigator((to, options) => void router.navigate(to, options));
    hydrateRoot(root, app(router));
    void afterHydration();
    return;
  }
  const router = createBrowserRouter(routes);
  // Navigation from outside React (401 handler, logout) goes through the router: no full reload.
  setNavigator((to, options) => void router.navigate(to, options));
  createRoot(root).render(app(router));
}

void start();
