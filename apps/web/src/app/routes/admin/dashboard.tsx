import { DocumentTitle } from '../../../components/ui/document-title';

export default function DashboardRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Dashboard</DocumentTitle>
      <h1>Dashboard</h1>
    </div>
  );
}
