import { Link, NavLink, Outlet, ScrollRestoration } from 'react-router';

const SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/productos', label: 'Productos', end: false },
  { to: '/admin/usuarios', label: 'Usuarios', end: false },
  { to: '/admin/contacto', label: 'Contacto', end: false },
  { to: '/admin/soporte', label: 'Soporte', end: false },
];

/** The admin area frame: a sidebar and the content. The admin guard wraps it in the router. */
export default function AdminLayout() {
  return (
    <div className="admin-layout">
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <aside className="admin-sidebar">
        <p className="admin-sidebar__brand">
          Nexbyte <span>Administración</span>
        </p>
        <nav aria-label="Administración">
          <ul className="admin-sidebar__links">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/" className="admin-sidebar__back">
          ← Volver a la tienda
        </Link>
      </aside>
      <main id="main" className="admin-content" tabIndex={-1}>
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
