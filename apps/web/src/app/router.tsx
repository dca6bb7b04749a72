import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdminGuard } from './admin-guard';
import { PageLoading } from './page-loading';
import { RouteError } from './route-error';
import { SiteLayout } from './site-layout';

/**
 * A screen whose code is downloaded on its first visit, so '/' loads only the shell and the home
 * screen. Until then the layout stays on screen with PageLoading in place of the screen.
 */
function screen(load: () => Promise<{ default: ComponentType }>) {
  return {
    lazy: async () => ({ Component: (await load()).default }),
    hydrateFallbackElement: <PageLoading />,
  };
}

// SPEC.md point 2.
export const routes: RouteObject[] = [
  {
    Component: SiteLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // Keeps header and footer on screen when a screen fails.
        ErrorBoundary: RouteError,
        children: [
          { index: true, ...screen(() => import('./routes/home')) },
          { path: 'productos', ...screen(() => import('./routes/products')) },
          { path: 'productos/detalle/:id', ...screen(() => import('./routes/product-detail')) },
          { path: 'carrito', ...screen(() => import('./routes/cart')) },
          { path: 'contacto', ...screen(() => import('./routes/contact')) },
          { path: 'nosotros', ...screen(() => import('./routes/about')) },
          { path: 'blogs', ...screen(() => import('./routes/blog-list')) },
          { path: 'blog/:id', ...screen(() => import('./routes/blog-post')) },
          { path: 'soporte', ...screen(() => import('./routes/support')) },
          { path: 'garantias', ...screen(() => import('./routes/warranties')) },
          { path: 'ayuda', ...screen(() => import('./routes/help')) },
          { path: 'registro', ...screen(() => import('./routes/register')) },
          { path: 'login', ...screen(() => import('./routes/login')) },
          { path: 'recuperar', ...screen(() => import('./routes/recover-password')) },
          { path: 'recuperar/:token', ...screen(() => import('./routes/reset-password')) },
          { path: 'cuenta', ...screen(() => import('./routes/account')) },
          { path: 'cuenta/pedidos', ...screen(() => import('./routes/my-orders')) },
          { path: 'checkout', ...screen(() => import('./routes/checkout')) },
          { path: 'pedido/:numero', ...screen(() => import('./routes/order-confirmation')) },
          {
            path: 'newsletter/baja/:token',
            ...screen(() => import('./routes/newsletter-unsubscribe')),
          },
          { path: '*', ...screen(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
  {
    // SPEC.md point 6: the guard is tiny and loaded with the shell; the admin layout and screens
    // are downloaded only by an admin's first visit.
    path: 'admin',
    Component: AdminGuard,
    ErrorBoundary: RouteError,
    children: [
      {
        ...screen(() => import('./admin-layout')),
        children: [
          {
            // Keeps the sidebar on screen when a screen fails.
            ErrorBoundary: RouteError,
            children: [
              { index: true, ...screen(() => import('./routes/admin/dashboard')) },
              { path: 'productos', ...screen(() => import('./routes/admin/products')) },
              { path: 'productos/nuevo', ...screen(() => import('./routes/admin/product-new')) },
              {
                path: 'productos/editar/:id',
                ...screen(() => import('./routes/admin/product-edit')),
              },
              { path: 'usuarios', ...screen(() => import('./routes/admin/users')) },
              { path: 'usuarios/nuevo', ...screen(() => import('./routes/admin/user-new')) },
              {
                path: 'usuarios/editar/:id',
                ...screen(() => import('./routes/admin/user-edit')),
              },
              { path: 'contacto', ...screen(() => import('./routes/admin/contact-messages')) },
              { path: 'soporte', ...screen(() => import('./routes/admin/support-requests')) },
              { path: 'pedidos', ...screen(() => import('./routes/admin/orders')) },
              { path: 'pedidos/:numero', ...screen(() => import('./routes/admin/order-detail')) },
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
