import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { CompareTray } from '../features/compare/components/compare-tray';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { RouteHead } from './seo/route-head';

export function SiteLayout() {
  const navigation = useNavigation();
  return (
    <>
      <RouteHead />
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} aria-busy={navigation.state === 'loading'}>
        <Outlet />
      </main>
      <SiteFooter />
      <CompareTray />
      <ScrollRestoration />
    </>
  );
}
