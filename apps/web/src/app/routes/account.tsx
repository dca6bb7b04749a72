import { DocumentTitle } from '../../components/ui/document-title';

export default function AccountRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Mi cuenta</DocumentTitle>
      <h1>Mi cuenta</h1>
    </div>
  );
}
