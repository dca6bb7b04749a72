import { DocumentTitle } from '../../components/ui/document-title';

export default function NewsletterUnsubscribeRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Newsletter</DocumentTitle>
      <h1>Newsletter</h1>
    </div>
  );
}
