import { useParams } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';

export default function BlogPostRoute() {
  const { id } = useParams();
  return (
    <div className="container page">
      <DocumentTitle>Artículo del blog</DocumentTitle>
      <h1>Artículo del blog</h1>
      <p>Artículo {id}</p>
    </div>
  );
}
