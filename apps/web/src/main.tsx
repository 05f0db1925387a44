import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '@/app/providers';
import { createRouter } from '@/app/router';
import { i18nReady } from '@/lib/i18n';
import { setNavigator } from '@/lib/navigation';
import './styles.css';

const router = createRouter();
// Navigation from outside React (401 handler, logout) goes through the router: no full reload.
setNavigator((to, options) => void router.navigate(to, options));

// `common` of the page's language (a small chunk fetched while the router loads the route): waiting
// for it keeps the first render from suspending.
await i18nReady;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
