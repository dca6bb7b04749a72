import { useParams } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title';

export default function EditUserRoute() {
  const { id } = useParams();
  return (
    <div className="container page">
      <DocumentTitle>Editar usuario</DocumentTitle>
      <h1>Editar usuario</h1>
      <p>Usuario {id}</p>
    </div>
  );
}
