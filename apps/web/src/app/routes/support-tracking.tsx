import { Navigate, useLocation, useParams } from 'react-router';
import { ticketTrackingPath } from '@nexbyte/shared';
import { DocumentTitle } from '../../components/ui/document-title';
import { TicketTracking } from '../../features/support/components/ticket-tracking';

/** The token of the link's fragment (`#<token>`); a malformed escape is read as written. */
function tokenOf(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
}

/**
 * /soporte/seguimiento#{token}: the private link of the e-mail. The token stays in the fragment,
 * which the browser never sends, and goes to the API in a header. A link mailed before, with the
 * token in the path (/soporte/seguimiento/{token}), is moved to the fragment form at once.
 * Rendered in the browser only (the token is the customer's key) and kept out of search engines.
 */
export default function SupportTrackingRoute() {
  const fromPath = useParams().token;
  const { hash } = useLocation();
  if (fromPath) return <Navigate to={ticketTrackingPath(encodeURIComponent(fromPath))} replace />;
  const token = tokenOf(hash);
  return (
    <div className="container page">
      <DocumentTitle>Seguimiento de solicitud</DocumentTitle>
      <meta name="robots" content="noindex" />
      <TicketTracking key={token} source={{ kind: 'token', token }} />
    </div>
  );
}
