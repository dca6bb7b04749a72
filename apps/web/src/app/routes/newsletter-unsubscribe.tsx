import { Navigate, useLocation, useParams } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { UnsubscribePanel } from '../../features/newsletter/components/unsubscribe-panel';

/**
 * /newsletter/baja#{token}: the token is read from the fragment, which the browser never sends to
 * a server. Links of the old form, /newsletter/baja/{token}, are moved to it.
 */
export default function NewsletterUnsubscribeRoute() {
  const { token: inPath } = useParams();
  const token = useLocation().hash.replace(/^#/, '');
  if (inPath) return <Navigate to={{ pathname: '/newsletter/baja', hash: inPath }} replace />;
  return (
    <div className="container page">
      <DocumentTitle>Darse de baja del newsletter</DocumentTitle>
      <meta name="referrer" content="no-referrer" />
      <h1>Newsletter</h1>
      <UnsubscribePanel token={token} />
    </div>
  );
}
