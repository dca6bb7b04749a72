import {
  CSV_PRODUCT_COLUMNS,
  type Importacion,
  type InformeImportacion,
  type ResultadoImportacion,
} from '@nexbyte/shared';
import { useId, useRef, useState } from 'react';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { Alert } from '../../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { FormField } from '../../../../components/ui/form-field';
import { errorMessage } from '../../../../lib/error-message';
import { EXPORT_FAILED_MESSAGE, useExportProducts } from '../api/export-products';
import { useImportProducts } from '../api/import-products';
import '../product-import.css';

export const CHOOSE_FILE_MESSAGE = 'Elige un archivo CSV.';
export const IMPORT_FAILED_MESSAGE = 'No se pudo importar el archivo.';
/** A 10,000-row report would make a table no one reads: errors first, then the first others. */
export const REPORT_ROWS_SHOWN = 500;

const RESULTADOS: Record<ResultadoImportacion, { label: string; tone: BadgeTone }> = {
  error: { label: 'Error', tone: 'danger' },
  creada: { label: 'Nueva', tone: 'success' },
  actualizada: { label: 'Actualizada', tone: 'primary' },
  sin_cambios: { label: 'Sin cambios', tone: 'neutral' },
};

type Fila = InformeImportacion['filas'][number];

const columns: Column<Fila>[] = [
  { header: 'Fila', cell: (f) => f.fila, numeric: true, label: 'Fila' },
  { header: 'SKU', cell: (f) => f.sku || '—', rowHeader: true, label: 'SKU' },
  {
    header: 'Resultado',
    cell: (f) => <Badge tone={RESULTADOS[f.resultado].tone}>{RESULTADOS[f.resultado].label}</Badge>,
    label: 'Resultado',
  },
  { header: 'Motivo', cell: (f) => f.motivo ?? '', label: 'Motivo' },
];

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('es-CL')} ${n === 1 ? one : many}`;

/** What the progress bar says, and its value (none: indeterminate). */
function progressOf(share: number, server: Importacion | undefined): [string, number | undefined] {
  if (share < 1) return [`Subiendo archivo: ${Math.round(share * 100)} %`, share * 100];
  if (!server) return ['Revisando y guardando filas…', undefined];
  if (server.fase === 'guardando') {
    return [`Guardando los cambios de ${plural(server.filas, 'fila', 'filas')}…`, undefined];
  }
  const percent = Math.round(server.avance * 100);
  return [
    `Revisando filas: ${plural(server.filas, 'fila revisada', 'filas revisadas')} (${percent} %)`,
    percent,
  ];
}

function outcome(informe: InformeImportacion, simulacion: boolean) {
  const errores = plural(informe.errores, 'fila con errores', 'filas con errores');
  if (simulacion) {
    return {
      tone: informe.errores > 0 ? ('warning' as const) : ('info' as const),
      text: `Simulación: no se guardó nada. ${informe.errores > 0 ? `Hay ${errores}.` : 'Todas las filas son válidas.'}`,
    };
  }
  if (informe.aplicada) {
    const skipped =
      informe.errores > 0
        ? ` No se ${informe.errores === 1 ? 'importó' : 'importaron'} ${errores}.`
        : '';
    return {
      tone: 'success' as const,
      text: `Importación lista: ${plural(informe.creadas, 'producto nuevo', 'productos nuevos')} y ${plural(informe.actualizadas, 'actualizado', 'actualizados')}.${skipped}`,
    };
  }
  if (informe.errores > 0) {
    return {
      tone: 'danger' as const,
      text: `No se importó nada: hay ${errores}. Corrígelas, o marca «Importar las filas válidas aunque otras tengan errores».`,
    };
  }
  return { tone: 'info' as const, text: 'No había cambios que guardar.' };
}

function ImportReport({
  informe,
  simulacion,
}: {
  informe: InformeImportacion;
  simulacion: boolean;
}) {
  const rows = [...informe.filas]
    .sort(
      (a, b) =>
        Number(b.resultado === 'error') - Number(a.resultado === 'error') || a.fila - b.fila,
    )
    .slice(0, REPORT_ROWS_SHOWN);
  const { tone, text } = outcome(informe, simulacion);
  const counts: [string, number][] = [
    ['Filas', informe.total],
    ['Nuevos', informe.creadas],
    ['Actualizados', informe.actualizadas],
    ['Sin cambios', informe.sinCambios],
    ['Con errores', informe.errores],
  ];
  return (
    <section className="product-import__report" aria-labelledby="import-report-title">
      <h2 id="import-report-title">
        {simulacion ? 'Resultado de la simulación' : 'Resultado de la importación'}
      </h2>
      <Alert tone={tone}>{text}</Alert>
      <dl className="product-import__counts">
        {counts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value.toLocaleString('es-CL')}</dd>
          </div>
        ))}
      </dl>
      {informe.filas.length > rows.length && (
        <p className="form-field__hint">
          Se muestran {rows.length.toLocaleString('es-CL')} de{' '}
          {informe.filas.length.toLocaleString('es-CL')} filas, primero las que tienen errores.
        </p>
      )}
      <DataTable
        caption="Resultado por fila"
        columns={columns}
        rows={rows}
        rowKey={(f) => f.fila}
      />
    </section>
  );
}

/** 'Importar productos': a CSV in, a dry run or the real thing, the report per row; and the export. */
export function ProductImportScreen() {
  const importer = useImportProducts();
  const exporter = useExportProducts();
  const fileRef = useRef<HTMLInputElement>(null);
  const [archivo, setArchivo] = useState<File | null>(null);
  const [validas, setValidas] = useState(false);
  const [fileError, setFileError] = useState<string>();
  const [share, setShare] = useState(0);
  const [server, setServer] = useState<Importacion>();
  const [simulacion, setSimulacion] = useState(false);
  const progressId = useId();

  const run = (simular: boolean) => {
    if (!archivo) {
      setFileError(CHOOSE_FILE_MESSAGE);
      fileRef.current?.focus();
      return;
    }
    setShare(0);
    setServer(undefined);
    setSimulacion(simular);
    importer.mutate({
      archivo,
      simular,
      validas,
      onProgress: setShare,
      onServerProgress: setServer,
    });
  };

  const uploading = importer.isPending && share < 1;
  const [progressText, progressValue] = progressOf(share, server);
  return (
    <>
      <AdminPageHeader
        title="Importar productos"
        back={{ to: '/admin/productos', label: 'Volver a productos' }}
        action={
          <button
            type="button"
            className="button button--ghost"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate()}
          >
            {exporter.isPending ? 'Descargando…' : 'Exportar CSV'}
          </button>
        }
      />
      {exporter.isError && <Alert tone="danger">{EXPORT_FAILED_MESSAGE}</Alert>}
      <form
        className="product-import"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          run(false);
        }}
      >
        <FormField
          label="Archivo CSV"
          error={fileError}
          hint={
            <>
              Columnas: {CSV_PRODUCT_COLUMNS.join(';')}. Se crea o actualiza cada producto por su
              SKU; una columna que falta conserva lo que el producto tiene. Separador «;» o «,»,
              precios como $12.990 y especificaciones como «Capacidad=1 TB|Interfaz=NVMe». El
              archivo que descarga «Exportar CSV» sirve de plantilla.
            </>
          }
        >
          <input
            ref={fileRef}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              setArchivo(event.target.files?.[0] ?? null);
              setFileError(undefined);
              importer.reset();
            }}
          />
        </FormField>
        <label className="product-import__option">
          <input
            type="checkbox"
            checked={validas}
            onChange={(event) => setValidas(event.target.checked)}
          />
          Importar las filas válidas aunque otras tengan errores
        </label>
        <div className="product-import__actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={importer.isPending}
            onClick={() => run(true)}
          >
            Simular
          </button>
          <button type="submit" className="button" disabled={importer.isPending}>
            Importar
          </button>
        </div>
      </form>

      <div role="status" className="product-import__status">
        {importer.isPending && (uploading ? 'Subiendo archivo…' : 'Procesando filas…')}
      </div>
      {importer.isPending && (
        <div className="product-import__progress">
          <label htmlFor={progressId}>{progressText}</label>
          {/* Without a value the bar is indeterminate: a small file's steps are not reported. */}
          <progress id={progressId} max={100} value={progressValue} />
        </div>
      )}
      {importer.isError && (
        <Alert tone="danger">{errorMessage(importer.error, IMPORT_FAILED_MESSAGE)}</Alert>
      )}
      {importer.isSuccess && <ImportReport informe={importer.data} simulacion={simulacion} />}
    </>
  );
}
