import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdminGuard } from './admin-guard';
import { AdminOnly } from './admin-only';
import { importRetrying } from '../lib/import-retrying';
import { PageLoading } from './page-loading';
import { RouteError } from './route-error';
import { prefetchLoader, type Prefetch, type ScreenHandle } from './prefetch';
import { SiteLayout } from './site-layout';

/** What a screen module may export besides its component: the server render's data prefetch. */
export interface ScreenModule {
  default: ComponentType;
  prefetch?: Prefetch;
}

/**
 * A screen whose code is downloaded on its first visit, so '/' loads only the shell and the home
 * screen. Until then the layout stays on screen with PageLoading in place of the screen; a failed
 * download is asked for again before the route shows its error.
 * `module` names its file under src/app (as the build manifest does), so the server render can
 * link the screen's CSS and code in the page's head. Only the server build turns `prefetch` into
 * a loader: in the browser the screens keep fetching through their queries, which the server's
 * dehydrated cache has already filled.
 */
function screen(module: string, load: () => Promise<ScreenModule>) {
  return {
    handle: { module } satisfies ScreenHandle,
    lazy: async () => {
      // The server's own build has nothing to download: a failure there is a fault, told at once.
      const loaded = await (import.meta.env.SSR ? load() : importRetrying(load));
      const prefetch = loaded.prefetch;
      if (import.meta.env.SSR && prefetch) {
        return { Component: loaded.default, loader: prefetchLoader(prefetch) };
      }
      return { Component: loaded.default };
    },
    hydrateFallbackElement: <PageLoading />,
  };
}

// The screens of docs/product.md#routes.
export const routes: RouteObject[] = [
  {
    Component: SiteLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // Keeps header and footer on screen when a screen fails.
        ErrorBoundary: RouteError,
        children: [
          { index: true, ...screen('routes/home', () => import('./routes/home')) },
          { path: 'productos', ...screen('routes/products', () => import('./routes/products')) },
          {
            path: 'productos/detalle/:id',
            ...screen('routes/product-detail', () => import('./routes/product-detail')),
          },
          { path: 'carrito', ...screen('routes/cart', () => import('./routes/cart')) },
          { path: 'comparar', ...screen('routes/compare', () => import('./routes/compare')) },
          {
            path: 'arma-tu-pc',
            ...screen('routes/pc-builder', () => import('./routes/pc-builder')),
          },
          {
            path: 'arma-tu-pc/b/:codigo',
            ...screen('routes/shared-build', () => import('./routes/shared-build')),
          },
          { path: 'contacto', ...screen('routes/contact', () => import('./routes/contact')) },
          { path: 'nosotros', ...screen('routes/about', () => import('./routes/about')) },
          { path: 'blogs', ...screen('routes/blog-list', () => import('./routes/blog-list')) },
          { path: 'blog/:id', ...screen('routes/blog-post', () => import('./routes/blog-post')) },
          { path: 'soporte', ...screen('routes/support', () => import('./routes/support')) },
          {
            path: 'soporte/seguimiento',
            ...screen('routes/support-tracking', () => import('./routes/support-tracking')),
          },
          {
            path: 'soporte/seguimiento/:token',
            ...screen('routes/support-tracking', () => import('./routes/support-tracking')),
          },
          {
            path: 'garantias',
            ...screen('routes/warranties', () => import('./routes/warranties')),
          },
          { path: 'ayuda', ...screen('routes/help', () => import('./routes/help')) },
          { path: 'registro', ...screen('routes/register', () => import('./routes/register')) },
          { path: 'login', ...screen('routes/login', () => import('./routes/login')) },
          {
            path: 'recuperar',
            ...screen('routes/recover-password', () => import('./routes/recover-password')),
          },
          {
            path: 'recuperar/:token',
            ...screen('routes/reset-password', () => import('./routes/reset-password')),
          },
          { path: 'cuenta', ...screen('routes/account', () => import('./routes/account')) },
          {
            path: 'cuenta/soporte/:numero',
            ...screen('routes/account-ticket', () => import('./routes/account-ticket')),
          },
          {
            path: 'cuenta/pedidos',
            ...screen('routes/my-orders', () => import('./routes/my-orders')),
          },
          { path: 'checkout', ...screen('routes/checkout', () => import('./routes/checkout')) },
          {
            path: 'pedido/:numero',
            ...screen('routes/order-confirmation', () => import('./routes/order-confirmation')),
          },
          {
            path: 'newsletter/baja',
            ...screen(
              'routes/newsletter-unsubscribe',
              () => import('./routes/newsletter-unsubscribe'),
            ),
          },
          {
            path: 'newsletter/baja/:token',
            ...screen(
              'routes/newsletter-unsubscribe',
              () => import('./routes/newsletter-unsubscribe'),
            ),
          },
          {
            path: 'alertas/baja',
            ...screen(
              'routes/stock-alerts-unsubscribe',
              () => import('./routes/stock-alerts-unsubscribe'),
            ),
          },
          { path: '*', ...screen('routes/not-found', () => import('./routes/not-found')) },
        ],
      },
    ],
  },
  {
    // docs/product.md#roles: the guard is tiny and loaded with the shell; the admin layout and screens
    // are downloaded only by an admin's first visit.
    path: 'admin',
    Component: AdminGuard,
    ErrorBoundary: RouteError,
    children: [
      {
        ...screen('admin-layout', () => import('./admin-layout')),
        children: [
          {
            // Keeps the sidebar on screen when a screen fails.
            ErrorBoundary: RouteError,
            children: [
              {
                index: true,
                ...screen('routes/admin/dashboard', () => import('./routes/admin/dashboard')),
              },
              {
                path: 'productos',
                ...screen('routes/admin/products', () => import('./routes/admin/products')),
              },
              {
                path: 'productos/nuevo',
                ...screen('routes/admin/product-new', () => import('./routes/admin/product-new')),
              },
              {
                path: 'productos/importar',
                ...screen(
                  'routes/admin/product-import',
                  () => import('./routes/admin/product-import'),
                ),
              },
              {
                path: 'productos/editar/:id',
                ...screen('routes/admin/product-edit', () => import('./routes/admin/product-edit')),
              },
              {
                path: 'categorias',
                ...screen('routes/admin/categories', () => import('./routes/admin/categories')),
              },
              {
                Component: AdminOnly,
                children: [
                  {
                    path: 'usuarios',
                    ...screen('routes/admin/users', () => import('./routes/admin/users')),
                  },
                  {
                    path: 'usuarios/nuevo',
                    ...screen('routes/admin/user-new', () => import('./routes/admin/user-new')),
                  },
                  {
                    path: 'usuarios/editar/:id',
                    ...screen('routes/admin/user-edit', () => import('./routes/admin/user-edit')),
                  },
                  {
                    path: 'contacto',
                    ...screen(
                      'routes/admin/contact-messages',
                      () => import('./routes/admin/contact-messages'),
                    ),
                  },
                  {
                    path: 'envios',
                    ...screen('routes/admin/shipping', () => import('./routes/admin/shipping')),
                  },
                  {
                    path: 'cupones',
                    ...screen('routes/admin/coupons', () => import('./routes/admin/coupons')),
                  },
                  {
                    path: 'correos',
                    ...screen('routes/admin/mail', () => import('./routes/admin/mail')),
                  },
                  {
                    path: 'libro-ventas',
                    ...screen('routes/admin/sales-book', () => import('./routes/admin/sales-book')),
                  },
                ],
              },
              {
                path: 'pedidos',
                ...screen('routes/admin/orders', () => import('./routes/admin/orders')),
              },
              {
                path: 'soporte',
                ...screen(
                  'routes/admin/support-requests',
                  () => import('./routes/admin/support-requests'),
                ),
              },
              {
                path: 'soporte/:id',
                ...screen(
                  'routes/admin/support-ticket',
                  () => import('./routes/admin/support-ticket'),
                ),
              },
              {
                path: 'pedidos/:numero',
                ...screen('routes/admin/order-detail', () => import('./routes/admin/order-detail')),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
