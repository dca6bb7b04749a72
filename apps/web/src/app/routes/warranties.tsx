import { WarrantyPolicy } from '../../features/content/components/warranty-policy';

export default function WarrantiesRoute() {
  return (
    <div className="container page">
      <h1>Garantías</h1>
      <p className="content-lead">
        Respondemos por lo que vendemos. Aquí te contamos qué cubre la garantía, los plazos para
        hacerla válida y cómo la gestionamos, conforme a la Ley del Consumidor (Ley 19.496).
      </p>
      <WarrantyPolicy />
    </div>
  );
}
