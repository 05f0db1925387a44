import { createBrowserRouter, type RouteObject } from 'react-router';
import i18n from '@/lib/i18n';
import { rootLoader, productTagLoader, isProductTag } from './guard';
import { RootLayout } from './layouts/RootLayout';
import { RouteErrorBoundary } from './layouts/RouteErrorBoundary';
import { RootHydrateFallback } from './layouts/RootHydrateFallback';
import type { RouteModule } from './page';
import type { RouteHandle } from './title';
import type { StaffFillHandle } from './layouts/staff/StaffLayout';

/**
 * A lazily loaded route module (default export = the screen). The route's translation
 * namespaces load in parallel with its code, so the screen does not flash while they arrive
 * (on the server every namespace is loaded already).
 */
function lazyRoute(load: () => Promise<RouteModule>, namespaces: string[] = []) {
  return async () => {
    const loadTexts = typeof window !== 'undefined' && namespaces.length ? i18n.loadNamespaces(namespaces).catch(() => undefined) : undefined;
    const [module] = await Promise.all([load(), loadTexts]);
    return { Component: module.default };
  };
}

const handle = (title: RouteHandle['title']): RouteHandle => ({ title });

/**
 * A public page: rendered on the server (with its prefetch and meta) and hydrated. The other
 * routes (cart, orders, profile, sign-in ...) are rendered in the browser.
 */
function publicPage(title: RouteHandle['title'], load: () => Promise<RouteModule>, namespaces: string[]) {
  return { handle: { title, ssr: true, module: load } satisfies RouteHandle, lazy: lazyRoute(load, namespaces) };
}

const profilePaths: [path: string, title: string][] = [
  ['profile', 'routes.profile'],
  ['change-password', 'routes.changePassword'],
  ['my-info', 'routes.myInfo'],
  ['edit-name', 'routes.editName'],
  ['my-favorite', 'routes.myFavorite'],
  ['my-order', 'routes.myOrder'],
  ['my-address', 'routes.myAddress'],
];

/** Every route of docs/requirements.md, Screens. Login-required ones are listed in guard.ts. */
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
          { index: true, ...publicPage('routes.home', () => import('./routes/HomeRoute'), ['catalog']) },
          { path: 'product/:id', ...publicPage('routes.productDetail', () => import('./routes/ProductDetailRoute'), ['catalog']) },
          {
            path: 'products-by-tag/:tag',
            loader: productTagLoader,
            ...publicPage(
              (params) => (isProductTag(params.tag) ? `sidebar.${params.tag}` : 'routes.productsByTag'),
              () => import('./routes/ProductsByTagRoute'),
              ['catalog'],
            ),
          },
          {
            path: 'products-by-category/:categoryId',
            ...publicPage('routes.productsByCategory', () => import('./routes/ProductsByCategoryRoute'), ['catalog']),
          },
          { path: 'search', ...publicPage('routes.search', () => import('./routes/SearchRoute'), ['catalog']) },
          { path: 'brands', ...publicPage('routes.brands', () => import('./routes/BrandsRoute'), ['catalog']) },
          { path: 'favorites', handle: handle('routes.favorites'), lazy: lazyRoute(() => import('./routes/FavoritesRoute'), ['catalog']) },
          { path: 'cart', handle: handle('routes.cart'), lazy: lazyRoute(() => import('./routes/CartRoute'), ['cart', 'addresses', 'quotes']) },
          { path: 'order/:id', handle: handle('routes.orderDetail'), lazy: lazyRoute(() => import('./routes/OrderDetailRoute'), ['orders']) },
          { path: 'quotes', handle: handle('routes.quotes'), lazy: lazyRoute(() => import('./routes/QuotesRoute'), ['quotes']) },
          { path: 'quotes/:id', handle: handle('routes.quote'), lazy: lazyRoute(() => import('./routes/QuoteDetailRoute'), ['quotes', 'addresses']) },
          { path: 'register', handle: handle('routes.register'), lazy: lazyRoute(() => import('./routes/RegisterRoute'), ['account']) },
          { path: 'login', handle: handle('routes.login'), lazy: lazyRoute(() => import('./routes/LoginRoute'), ['account']) },
          { path: 'forgot-password', handle: handle('routes.forgotPassword'), lazy: lazyRoute(() => import('./routes/ForgotPasswordRoute'), ['account']) },
          { path: 'set-password', handle: handle('routes.setPassword'), lazy: lazyRoute(() => import('./routes/SetPasswordRoute'), ['account', 'staff']) },
          ...profilePaths.map(([path, title]) => ({ path, handle: handle(title), lazy: lazyRoute(() => import('./routes/ProfileRoute'), ['account']) })),
          {
            // The staff app (docs/orders.md, Back office): its own frame, each screen gated by role.
            path: 'admin',
            lazy: async () => ({ Component: (await import('./layouts/staff/StaffLayout')).StaffLayout }),
            children: [
              { index: true, handle: handle('routes.admin'), lazy: lazyRoute(() => import('./routes/StaffHomeRoute'), ['staff']) },
              {
                path: 'customer-service',
                // The console fills the frame below the top bar: its lists and conversation scroll inside.
                handle: { ...handle('routes.adminCustomerService'), staffFill: true } satisfies RouteHandle & StaffFillHandle,
                lazy: lazyRoute(() => import('./routes/StaffCustomerServiceRoute'), ['staff', 'chat']),
              },
              { path: 'dashboard', handle: handle('routes.adminDashboard'), lazy: lazyRoute(() => import('./routes/StaffDashboardRoute'), ['staff']) },
              { path: 'stock', handle: handle('routes.adminStock'), lazy: lazyRoute(() => import('./routes/StaffStockRoute'), ['staff']) },
              { path: 'orders', handle: handle('routes.adminOrders'), lazy: lazyRoute(() => import('./routes/StaffOrdersRoute'), ['staff', 'orders']) },
              {
                path: 'orders/new',
                handle: handle('routes.adminNewOrder'),
                lazy: lazyRoute(() => import('./routes/StaffNewOrderRoute'), ['staff', 'orders']),
              },
              { path: 'orders/:id', handle: handle('routes.adminOrder'), lazy: lazyRoute(() => import('./routes/StaffOrderRoute'), ['staff', 'orders']) },
              { path: 'activity', handle: handle('routes.adminActivity'), lazy: lazyRoute(() => import('./routes/StaffActivityRoute'), ['staff']) },
              { path: 'customers', handle: handle('routes.adminCustomers'), lazy: lazyRoute(() => import('./routes/StaffCustomersRoute'), ['staff']) },
              {
                path: 'customers/:id',
                handle: handle('routes.adminCustomer'),
                lazy: lazyRoute(() => import('./routes/StaffCustomerRoute'), ['staff', 'orders', 'groups']),
              },
              {
                path: 'customer-groups',
                handle: handle('routes.adminCustomerGroups'),
                lazy: lazyRoute(() => import('./routes/StaffCustomerGroupsRoute'), ['staff', 'groups']),
              },
              {
                path: 'requests',
                handle: handle('routes.adminRequests'),
                lazy: lazyRoute(() => import('./routes/StaffRequestsRoute'), ['staff', 'orders']),
              },
              { path: 'quotes', handle: handle('routes.adminQuotes'), lazy: lazyRoute(() => import('./routes/StaffQuotesRoute'), ['staff', 'quotes']) },
              { path: 'quotes/:id', handle: handle('routes.adminQuote'), lazy: lazyRoute(() => import('./routes/StaffQuoteRoute'), ['staff', 'quotes']) },
              { path: 'items', handle: handle('routes.adminItems'), lazy: lazyRoute(() => import('./routes/StaffItemsRoute'), ['staff', 'staffCatalog']) },
              {
                path: 'items/import',
                handle: handle('routes.adminItemsImport'),
                lazy: lazyRoute(() => import('./routes/StaffItemsImportRoute'), ['staff', 'staffCatalog', 'catalogImport']),
              },
              {
                path: 'items/:id',
                handle: handle('routes.adminItem'),
                lazy: lazyRoute(() => import('./routes/StaffItemRoute'), ['staff', 'staffCatalog']),
              },
              {
                path: 'categories',
                handle: handle('routes.adminCategories'),
                lazy: lazyRoute(() => import('./routes/StaffCategoriesRoute'), ['staff', 'staffCatalog']),
              },
              {
                path: 'brands',
                handle: handle('routes.adminBrands'),
                lazy: lazyRoute(() => import('./routes/StaffBrandsRoute'), ['staff', 'staffCatalog']),
              },
              {
                path: 'search-terms',
                handle: handle('routes.adminSearchTerms'),
                lazy: lazyRoute(() => import('./routes/StaffSearchTermsRoute'), ['staff']),
              },
              {
                path: 'settings',
                handle: handle('routes.adminSettings'),
                lazy: lazyRoute(() => import('./routes/StaffSettingsRoute'), ['staff', 'settings']),
              },
              { path: 'staff', handle: handle('routes.adminStaff'), lazy: lazyRoute(() => import('./routes/StaffAccountsRoute'), ['staff']) },
            ],
          },
          { path: 'about-us', ...publicPage('routes.aboutUs', () => import('./routes/AboutUsRoute'), ['content']) },
          { path: 'customization', ...publicPage('routes.customization', () => import('./routes/CustomizationRoute'), ['content']) },
          { path: 'orders-shipping-policy', ...publicPage('routes.ordersShippingPolicy', () => import('./routes/OrdersShippingPolicyRoute'), ['content']) },
          { path: 'brand-authorization', ...publicPage('routes.brandAuthorization', () => import('./routes/BrandAuthorizationRoute'), ['content']) },
          { path: '404', ...publicPage('routes.notFound', () => import('./routes/NotFoundRoute'), []) },
          { path: '*', ...publicPage('routes.notFound', () => import('./routes/NotFoundRoute'), []) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
