import { DocumentTitle } from '../../components/ui/document-title';

export default function WarrantiesRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Garantías</DocumentTitle>
      <h1>Garantías</h1>
    </div>
  );
}
