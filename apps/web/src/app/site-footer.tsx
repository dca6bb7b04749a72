import { Link } from 'react-router';
import { NewsletterForm } from '../features/newsletter/components/newsletter-form';

const CATEGORIES = [
  'Periféricos',
  'Componentes',
  'Accesorios',
  'Almacenamiento',
  'Monitores',
  'Notebooks',
];

const HELP_LINKS = [
  { to: '/ayuda', label: 'Ayuda' },
  { to: '/garantias', label: 'Garantías' },
  { to: '/soporte', label: 'Soporte' },
  { to: '/contacto', label: 'Contacto' },
];

const NAVIGATION_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/productos', label: 'Productos' },
  { to: '/nosotros', label: 'Nosotros' },
  { to: '/blogs', label: 'Blog' },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <LinkColumn
          title="Categorías"
          links={CATEGORIES.map((label) => ({ to: '/productos', label }))}
        />
        <LinkColumn title="Ayuda" links={HELP_LINKS} />
        <LinkColumn title="Navegación" links={NAVIGATION_LINKS} />
        <NewsletterForm />
      </div>
      <p className="container site-footer__legal">
        © {new Date().getFullYear()} Nexbyte. Todos los derechos reservados.
      </p>
    </footer>
  );
}

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <section>
      <h2 className="site-footer__title">{title}</h2>
      <ul className="link-list">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
