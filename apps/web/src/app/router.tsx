import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import i18n from '@/lib/i18n';
import { rootLoader, productTagLoader, isProductTag } from './guard';
import { RootLayout } from './layouts/RootLayout';
import { RouteErrorBoundary } from './layouts/RouteErrorBoundary';
import { RootHydrateFallback } from './layouts/RootHydrateFallback';
import type { RouteHandle } from './title';

type RouteModule = { default: ComponentType };

/**
 * A lazily loaded route module (default export = the screen). The route's translation
 * namespaces load in parallel with its code, so the screen does not flash while they arrive.
 */
function lazyRoute(load: () => Promise<RouteModule>, namespaces: string[] = []) {
  return async () => {
    const [module] = await Promise.all([load(), namespaces.length ? i18n.loadNamespaces(namespaces).catch(() => undefined) : undefined]);
    return { Component: module.default };
  };
}

const handle = (title: RouteHandle['title']): RouteHandle => ({ title });

const profilePaths: [path: string, title: string][] = [
  ['profile', 'routes.profile'],
  ['change-password', 'routes.changePassword'],
  ['my-info', 'routes.myInfo'],
  ['edit-name', 'routes.editName'],
  ['my-favorite', 'routes.myFavorite'],
  ['my-order', 'routes.myOrder'],
  ['my-address', 'routes.myAddress'],
];

/** Every route of spec section 2. Login-required ones are listed in guard.ts. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    // The guard runs before every navigation, not only when the root's params change.
    shouldRevalidate: () => true,
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: RootHydrateFallback,
    children: [
      {
        // Child errors render inside the shell (header and footer stay).
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { index: true, handle: handle('routes.home'), lazy: lazyRoute(() => import('./routes/HomeRoute'), ['catalog']) },
          { path: 'product/:id', handle: handle('routes.productDetail'), lazy: lazyRoute(() => import('./routes/ProductDetailRoute'), ['catalog']) },
          {
            path: 'products-by-tag/:tag',
            loader: productTagLoader,
            handle: handle((params) => (isProductTag(params.tag) ? `sidebar.${params.tag}` : 'routes.productsByTag')),
            lazy: lazyRoute(() => import('./routes/ProductsByTagRoute'), ['catalog']),
          },
          { path: 'products-by-category/:categoryId', handle: handle('routes.productsByCategory'), lazy: lazyRoute(() => import('./routes/ProductsByCategoryRoute'), ['catalog']) },
          { path: 'search', handle: handle('routes.search'), lazy: lazyRoute(() => import('./routes/SearchRoute'), ['catalog']) },
          { path: 'brands', handle: handle('routes.brands'), lazy: lazyRoute(() => import('./routes/BrandsRoute'), ['catalog']) },
          { path: 'favorites', handle: handle('routes.favorites'), lazy: lazyRoute(() => import('./routes/FavoritesRoute'), ['catalog']) },
          { path: 'cart', handle: handle('routes.cart'), lazy: lazyRoute(() => import('./routes/CartRoute'), ['cart', 'addresses']) },
          { path: 'order/:id', handle: handle('routes.orderDetail'), lazy: lazyRoute(() => import('./routes/OrderDetailRoute'), ['orders']) },
          { path: 'register', handle: handle('routes.register'), lazy: lazyRoute(() => import('./routes/RegisterRoute'), ['account']) },
          { path: 'login', handle: handle('routes.login'), lazy: lazyRoute(() => import('./routes/LoginRoute'), ['account']) },
          { path: 'forgot-password', handle: handle('routes.forgotPassword'), lazy: lazyRoute(() => import('./routes/ForgotPasswordRoute'), ['account']) },
          ...profilePaths.map(([path, title]) => ({ path, handle: handle(title), lazy: lazyRoute(() => import('./routes/ProfileRoute'), ['account']) })),
          { path: 'admin/customer-service', handle: handle('routes.adminCustomerService'), lazy: lazyRoute(() => import('./routes/AdminCustomerServiceRoute'), ['admin', 'chat']) },
          { path: 'about-us', handle: handle('routes.aboutUs'), lazy: lazyRoute(() => import('./routes/AboutUsRoute'), ['content']) },
          { path: 'customization', handle: handle('routes.customization'), lazy: lazyRoute(() => import('./routes/CustomizationRoute'), ['content']) },
          { path: 'orders-shipping-policy', handle: handle('routes.ordersShippingPolicy'), lazy: lazyRoute(() => import('./routes/OrdersShippingPolicyRoute'), ['content']) },
          { path: 'brand-authorization', handle: handle('routes.brandAuthorization'), lazy: lazyRoute(() => import('./routes/BrandAuthorizationRoute'), ['content']) },
          { path: '404', handle: handle('routes.notFound'), lazy: lazyRoute(() => import('./routes/NotFoundRoute')) },
          { path: '*', handle: handle('routes.notFound'), lazy: lazyRoute(() => import('./routes/NotFoundRoute')) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
