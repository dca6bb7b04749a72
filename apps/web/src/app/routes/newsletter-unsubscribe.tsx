import { useParams } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { UnsubscribePanel } from '../../features/newsletter/components/unsubscribe-panel';

export default function NewsletterUnsubscribeRoute() {
  const { token = '' } = useParams();
  return (
    <div className="container page">
      <DocumentTitle>Darse de baja del newsletter</DocumentTitle>
      <h1>Newsletter</h1>
      <UnsubscribePanel token={token} />
    </div>
  );
}
