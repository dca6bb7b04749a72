import { DocumentTitle } from '../../components/ui/document-title';

export default function BlogListRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Blog</DocumentTitle>
      <h1>Blog</h1>
    </div>
  );
}
