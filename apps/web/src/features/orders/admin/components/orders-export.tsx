import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { FormField } from '../../../../components/ui/form-field';
import { ApiError } from '../../../../lib/api-client';
import { EXPORT_ORDERS_FAILED, useExportOrders } from '../api/export-orders';

/** The accountant's CSV: the orders placed between two days (either may be left empty). */
export function OrdersExport() {
  const exporter = useExportOrders();
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const fieldErrors = exporter.error instanceof ApiError ? exporter.error.errors : undefined;
  return (
    <form
      className="admin-orders__export"
      aria-label="Exportar pedidos"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        exporter.mutate({ desde: desde || undefined, hasta: hasta || undefined });
      }}
    >
      <FormField label="Desde" optional error={fieldErrors?.desde}>
        <input type="date" value={desde} onChange={(e) => setDesde(e.target.value)} />
      </FormField>
      <FormField label="Hasta" optional error={fieldErrors?.hasta}>
        <input type="date" value={hasta} onChange={(e) => setHasta(e.target.value)} />
      </FormField>
      <button type="submit" className="button button--ghost" disabled={exporter.isPending}>
        {exporter.isPending ? 'Descargando…' : 'Exportar CSV'}
      </button>
      {exporter.isError && !fieldErrors && <Alert tone="danger">{EXPORT_ORDERS_FAILED}</Alert>}
    </form>
  );
}
