import { Link } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';

export default function LoginRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Iniciar sesión</DocumentTitle>
      <h1>Iniciar sesión</h1>
      <p className="actions">
        <Link to="/registro">Crear una cuenta</Link>
        <Link to="/recuperar">¿Olvidaste tu contraseña?</Link>
      </p>
    </div>
  );
}
