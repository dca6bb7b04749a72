import { AboutContent } from '../../features/content/components/about-content';

export default function AboutRoute() {
  return (
    <div className="container page">
      <h1>Nosotros</h1>
      <p className="content-lead">
        Nexbyte nació en Santiago en 2020 con una idea simple: vender tecnología para PC con
        asesoría real y cuidar los equipos de nuestros clientes para que duren más.
      </p>
      <AboutContent />
    </div>
  );
}
