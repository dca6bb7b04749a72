import { zodResolver } from '@hookform/resolvers/zod';
import {
  empresaSchema,
  formatRun,
  type Empresa,
  type EmpresaGuardada,
  type EmpresaInput,
} from '@nexbyte/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { FormProvider } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { QueryState } from '../../../components/ui/query-state';
import { RegionComunaFields } from '../../../components/ui/region-comuna-fields';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSavedCompanies } from '../../../lib/saved-companies';
import { useServerForm } from '../../../lib/use-server-form';
import { useDeleteCompany, useSaveCompany } from '../api/companies';
import { endSessionIfRefused } from '../session-ended';

export const LOAD_COMPANIES_ERROR = 'No se pudieron cargar tus empresas.';
const SAVE_FAILED = 'No pudimos guardar la empresa. Inténtalo de nuevo.';
const DELETE_FAILED = 'No pudimos eliminar la empresa. Inténtalo de nuevo.';

const EMPTY: EmpresaInput = {
  rut: '',
  razonSocial: '',
  giro: '',
  direccion: '',
  region: '',
  comuna: '',
};

/** /cuenta, 'Mis empresas': the companies the customer asks facturas for, kept for checkout. */
export function CompaniesSection({ userId }: { userId: number }) {
  const companies = useSavedCompanies(userId);
  return (
    <QueryState
      query={companies}
      loading="Cargando tus empresas…"
      errorMessage={LOAD_COMPANIES_ERROR}
    >
      {(list) => <CompaniesList userId={userId} companies={list} />}
    </QueryState>
  );
}

function CompaniesList({ userId, companies }: { userId: number; companies: EmpresaGuardada[] }) {
  const [editing, setEditing] = useState<EmpresaGuardada | 'nueva' | null>(null);
  const [deleting, setDeleting] = useState<EmpresaGuardada | null>(null);
  const remove = useDeleteCompany(userId);
  const toast = useToast();

  const confirmDelete = () => {
    const company = deleting!;
    remove.mutate(company.id, {
      onSuccess: () => {
        setDeleting(null);
        if (editing !== 'nueva' && editing?.id === company.id) setEditing(null);
        toast.show({ type: 'success', message: `${company.razonSocial} eliminada.` });
      },
      onError: (error) => {
        setDeleting(null);
        if (endSessionIfRefused(error)) return;
        toast.show({ type: 'error', message: errorMessage(error, DELETE_FAILED) });
      },
    });
  };

  return (
    <>
      <p>
        Las empresas a las que pides factura. Al comprar con factura la empresa se guarda aquí, y en
        el checkout puedes elegirla de nuevo.
      </p>
      {companies.length === 0 ? (
        <p className="muted">Aún no tienes empresas guardadas.</p>
      ) : (
        <ul className="account-companies">
          {companies.map((c) => (
            <li key={c.id} className="account-companies__item">
              <div>
                <p className="account-companies__name">{c.razonSocial}</p>
                <p className="account-companies__details muted">
                  RUT {formatRun(c.rut)} · {c.giro}
                  <br />
                  {c.direccion}, {c.comuna}, {c.region}
                </p>
              </div>
              <div className="actions">
                <button
                  type="button"
                  className="button button--small button--ghost"
                  aria-label={`Editar ${c.razonSocial}`}
                  onClick={() => setEditing(c)}
                >
                  Editar
                </button>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  aria-label={`Eliminar ${c.razonSocial}`}
                  onClick={() => setDeleting(c)}
                >
                  Eliminar
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing === null ? (
        <button type="button" className="button button--ghost" onClick={() => setEditing('nueva')}>
          Agregar empresa
        </button>
      ) : (
        <CompanyForm
          // A new form for each company: its values are the defaults.
          key={editing === 'nueva' ? 'nueva' : editing.id}
          userId={userId}
          company={editing === 'nueva' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="¿Eliminar esta empresa?"
        confirmLabel="Eliminar"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        <p>
          {deleting?.razonSocial} (RUT {deleting ? formatRun(deleting.rut) : ''}) ya no aparecerá en
          tus empresas. Los pedidos ya hechos conservan su factura.
        </p>
      </ConfirmDialog>
    </>
  );
}

interface CompanyFormProps {
  userId: number;
  /** The company to edit, or null for a new one. */
  company: EmpresaGuardada | null;
  onDone: () => void;
}

function CompanyForm({ userId, company, onDone }: CompanyFormProps) {
  const titleId = useId();
  const save = useSaveCompany(userId);
  const toast = useToast();
  const form = useServerForm<EmpresaInput, Empresa>({
    resolver: zodResolver(empresaSchema),
    defaultValues: company ? { ...company, rut: formatRun(company.rut) } : EMPTY,
  });
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  const rut = register('rut', {
    // '761234560' reads back as '76.123.456-0' while it is typed.
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const typed = event.target.value;
      if (typed.replace(/[^\dkK]/g, '').length > 1) setValue('rut', formatRun(typed));
    },
  });

  const onSubmit = form.submit((empresa) =>
    save.mutate(
      { id: company?.id ?? null, empresa },
      {
        onSuccess: (saved) => {
          toast.show({ type: 'success', message: `${saved.razonSocial} guardada.` });
          onDone();
        },
        onError: (error) => {
          if (endSessionIfRefused(error)) return;
          // A RUT already saved in the account: said next to the RUT.
          if (error instanceof ApiError && error.status === 409) {
            form.showServerErrors(error, { rut: error.message });
            return;
          }
          if (form.showServerErrors(error)) return;
          toast.show({ type: 'error', message: errorMessage(error, SAVE_FAILED) });
        },
      },
    ),
  );

  return (
    <FormProvider {...form}>
      <form
        className="account-form account-company-form"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={titleId}
      >
        <h3 id={titleId}>{company ? `Editar ${company.razonSocial}` : 'Nueva empresa'}</h3>
        <div className="form-grid">
          <FormField label="RUT de la empresa" hint="Ej.: 76.123.456-0" error={errors.rut?.message}>
            <input {...rut} autoComplete="off" autoCapitalize="characters" />
          </FormField>
          <FormField label="Razón social" error={errors.razonSocial?.message}>
            <input {...register('razonSocial')} autoComplete="organization" />
          </FormField>
          <FormField label="Giro" className="form-field--wide" error={errors.giro?.message}>
            <input {...register('giro')} autoComplete="off" />
          </FormField>
          <FormField
            label="Dirección de la empresa"
            className="form-field--wide"
            error={errors.direccion?.message}
          >
            <input {...register('direccion')} autoComplete="off" />
          </FormField>
          <RegionComunaFields<EmpresaInput> regionName="region" comunaName="comuna" />
        </div>
        <div className="actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? 'Guardando…' : 'Guardar empresa'}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={onDone}
            disabled={save.isPending}
          >
            Cancelar
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
