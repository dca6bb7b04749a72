import { useParams } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { TicketTracking } from '../../features/support/components/ticket-tracking';

/**
 * /soporte/seguimiento/{token}: the private link of the e-mail. Rendered in the browser only
 * (the token is the customer's key) and kept out of search engines.
 */
export default function SupportTrackingRoute() {
  const token = useParams().token ?? '';
  return (
    <div className="container page">
      <DocumentTitle>Seguimiento de solicitud</DocumentTitle>
      <meta name="robots" content="noindex" />
      <TicketTracking key={token} source={{ kind: 'token', token }} />
    </div>
  );
}
