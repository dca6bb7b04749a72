import { zodResolver } from '@hookform/resolvers/zod';
import {
  buildSoporteSchema,
  EQUIPO_LABELS,
  EQUIPOS,
  DEFAULT_PRIORIDAD,
  PRIORIDAD_LABELS,
  PRIORIDADES_PUBLICAS,
  SERVICIOS,
  SUPPORT_DESCRIPTION_MAX,
  SUPPORT_RECEIPT_MAX,
  hoyEnChile,
  TIPO_TICKET_LABELS,
  TIPOS_TICKET,
  type Soporte,
  type SoporteCreado,
  type SoporteInput,
  type TipoTicket,
} from '@nexbyte/shared';
import { useId, useState } from 'react';
import { FormProvider, useWatch, type DefaultValues } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { FormField } from '../../../components/ui/form-field';
import { PhoneInput } from '../../../components/ui/phone-input';
import { RegionComunaFields } from '../../../components/ui/region-comuna-fields';
import { useToast } from '../../../components/ui/toast';
import { domainSchema } from '../../../lib/form-schemas';
import { useServerForm } from '../../../lib/use-server-form';
import { supportErrorMessage, useCreateSupportRequest } from '../api/create-support-request';
import { SupportSent } from './support-sent';
import '../support.css';

// No equipment is chosen at first: the select shows its placeholder until the customer picks one.
const EMPTY: DefaultValues<SoporteInput> = {
  nombreCliente: '',
  emailCliente: '',
  telefonoCliente: '',
  region: '',
  comuna: '',
  direccion: '',
  prioridad: DEFAULT_PRIORIDAD,
  serviciosRequeridos: [],
  descripcionProblema: '',
  empresa: '',
  tipo: 'REPARACION',
  comprobante: '',
  fechaCompra: '',
};

/** The kind the address asks for (?tipo=GARANTIA from the Garantías page), else a repair. */
function tipoFrom(params: URLSearchParams): TipoTicket {
  const tipo = params.get('tipo')?.toUpperCase();
  return TIPOS_TICKET.find((t) => t === tipo) ?? 'REPARACION';
}

/** docs/product.md#soporte: the quote request form with the rules of #validation. */
export function SupportForm() {
  const toast = useToast();
  const mutation = useCreateSupportRequest();
  const ids = useId();
  const [params] = useSearchParams();
  const defaults: DefaultValues<SoporteInput> = { ...EMPTY, tipo: tipoFrom(params) };
  const [sent, setSent] = useState<SoporteCreado | null>(null);
  const form = useServerForm<SoporteInput, Soporte>({
    resolver: zodResolver(domainSchema(buildSoporteSchema)),
    defaultValues: defaults,
    serverFields: [...Object.keys(EMPTY), 'equipo'],
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const descripcion = useWatch({ control, name: 'descripcionProblema' }) ?? '';
  const tipo = useWatch({ control, name: 'tipo' });

  const onSubmit = form.submit((request) =>
    mutation.mutate(request, {
      onSuccess: (created) => {
        toast.show({
          type: 'success',
          title: 'Solicitud enviada',
          message: 'Te contactaremos con una cotización estimada.',
        });
        form.reset();
        setSent(created);
      },
      onError: (error) => {
        toast.show({
          type: 'error',
          title: 'Error al enviar',
          message: supportErrorMessage(error),
        });
        form.showServerErrors(error);
      },
    }),
  );

  const phone = register('telefonoCliente');
  const prioridadErrorId = `${ids}-prioridad-error`;
  const serviciosErrorId = `${ids}-servicios-error`;

  const tipoErrorId = `${ids}-tipo-error`;

  return (
    <FormProvider {...form}>
      {sent && <SupportSent created={sent} />}
      <form className="support-form" method="post" noValidate onSubmit={onSubmit}>
        <div className="form-grid">
          <fieldset
            className="support-group form-field--wide"
            aria-describedby={errors.tipo ? tipoErrorId : undefined}
          >
            <legend className="form-field__label">Tipo de solicitud</legend>
            <div className="support-group__options">
              {TIPOS_TICKET.map((value) => (
                <label key={value} className="support-option">
                  <input type="radio" value={value} {...register('tipo')} />
                  {TIPO_TICKET_LABELS[value]}
                </label>
              ))}
            </div>
            {errors.tipo && (
              <p id={tipoErrorId} className="form-field__error">
                {errors.tipo.message}
              </p>
            )}
          </fieldset>
          {tipo === 'GARANTIA' && (
            <>
              <FormField
                label="N° de pedido o boleta"
                hint="Por ejemplo NB-000123"
                error={errors.comprobante?.message}
              >
                <input
                  {...register('comprobante')}
                  autoComplete="off"
                  maxLength={SUPPORT_RECEIPT_MAX}
                />
              </FormField>
              <FormField label="Fecha de compra" error={errors.fechaCompra?.message}>
                <input {...register('fechaCompra')} type="date" max={hoyEnChile()} />
              </FormField>
            </>
          )}
          <FormField label="Nombre" error={errors.nombreCliente?.message}>
            <input {...register('nombreCliente')} autoComplete="name" />
          </FormField>
          <FormField label="Correo" error={errors.emailCliente?.message}>
            <input {...register('emailCliente')} type="email" autoComplete="email" />
          </FormField>
          <FormField
            label="Teléfono"
            optional
            hint="9 XXXX XXXX"
            error={errors.telefonoCliente?.message}
          >
            <PhoneInput {...phone} />
          </FormField>
          <FormField label="Equipo" error={errors.equipo?.message}>
            <select {...register('equipo')}>
              <option value="">Selecciona el equipo</option>
              {EQUIPOS.map((equipo) => (
                <option key={equipo} value={equipo}>
                  {EQUIPO_LABELS[equipo]}
                </option>
              ))}
            </select>
          </FormField>
          <RegionComunaFields<SoporteInput> regionName="region" comunaName="comuna" />
          <FormField
            label="Dirección"
            optional
            className="form-field--wide"
            error={errors.direccion?.message}
          >
            <input {...register('direccion')} autoComplete="street-address" />
          </FormField>

          <fieldset
            className="support-group form-field--wide"
            aria-describedby={errors.prioridad ? prioridadErrorId : undefined}
          >
            <legend className="form-field__label">Prioridad</legend>
            <div className="support-group__options">
              {PRIORIDADES_PUBLICAS.map((prioridad) => (
                <label key={prioridad} className="support-option">
                  <input type="radio" value={prioridad} {...register('prioridad')} />
                  {PRIORIDAD_LABELS[prioridad]}
                </label>
              ))}
            </div>
            {errors.prioridad && (
              <p id={prioridadErrorId} className="form-field__error">
                {errors.prioridad.message}
              </p>
            )}
          </fieldset>

          <fieldset
            className="support-group form-field--wide"
            aria-describedby={errors.serviciosRequeridos ? serviciosErrorId : undefined}
          >
            <legend className="form-field__label">Servicios requeridos</legend>
            <div className="support-group__options">
              {SERVICIOS.map((servicio) => (
                <label key={servicio} className="support-option">
                  <input type="checkbox" value={servicio} {...register('serviciosRequeridos')} />
                  {servicio}
                </label>
              ))}
            </div>
            {errors.serviciosRequeridos && (
              <p id={serviciosErrorId} className="form-field__error">
                {errors.serviciosRequeridos.message}
              </p>
            )}
          </fieldset>

          <FormField
            label="Descripción del problema"
            className="form-field--wide"
            error={errors.descripcionProblema?.message}
            hint={
              <span
                aria-live="polite"
                className={
                  descripcion.length > SUPPORT_DESCRIPTION_MAX ? 'support-counter--over' : undefined
                }
              >
                {`${descripcion.length}/${SUPPORT_DESCRIPTION_MAX}`}
              </span>
            }
          >
            <textarea {...register('descripcionProblema')} rows={5} />
          </FormField>
        </div>

        {/* Honeypot: people never see it; bots fill it and the server quietly drops the request. */}
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor="soporte-empresa">Empresa (no completar)</label>
          <input {...register('empresa')} id="soporte-empresa" tabIndex={-1} autoComplete="off" />
        </div>

        <div className="actions">
          <button type="submit" className="button" disabled={mutation.isPending}>
            {mutation.isPending ? 'Enviando…' : 'Enviar solicitud'}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
