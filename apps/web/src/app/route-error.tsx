import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { DocumentTitle } from '../components/ui/document-title';

/**
 * Shown instead of a screen that failed to render or to download (a new version was deployed
 * while the tab was open). React has already logged the error.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Página no encontrada' : 'Algo salió mal';
  return (
    <div className="container page">
      <DocumentTitle>{title}</DocumentTitle>
      <h1>{title}</h1>
      {notFound ? null : (
        <p>No pudimos mostrar esta página. Recárgala o vuelve a intentarlo en un momento.</p>
      )}
      <p className="actions">
        {notFound ? null : (
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Recargar la página
          </button>
        )}
        <Link to="/">Volver al inicio</Link>
      </p>
    </div>
  );
}
