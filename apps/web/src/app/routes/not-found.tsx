import { Link } from 'react-router';

export default function NotFoundRoute() {
  return (
    <div className="container page">
      <h1>Página no encontrada</h1>
      <p>La dirección que buscas no existe o cambió de lugar.</p>
      <p>
        <Link to="/">Volver al inicio</Link>
      </p>
    </div>
  );
}
