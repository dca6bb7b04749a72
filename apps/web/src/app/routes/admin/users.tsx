import { DocumentTitle } from '../../../components/ui/document-title';

export default function AdminUsersRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Usuarios</DocumentTitle>
      <h1>Usuarios</h1>
    </div>
  );
}
