import { zodResolver } from '@hookform/resolvers/zod';
import {
  ajustesEnvioInputSchema,
  SHIPPING_MESSAGES,
  type AjustesEnvio,
  type AjustesEnvioInput,
} from '@nexbyte/shared';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../../components/ui/alert';
import { FormField } from '../../../../components/ui/form-field';
import { RegionComunaFields } from '../../../../components/ui/region-comuna-fields';
import { actionErrorMessage } from '../../../../lib/error-message';
import { useServerForm } from '../../../../lib/use-server-form';
import '../shipping.css';

/** What the inputs hold: amounts as typed, the threshold empty for "never free". */
export interface ShippingFormValues {
  regiones: { region: string; precio: string; envioGratisDesde: string }[];
  retiro: { activo: boolean; region: string; comuna: string; direccion: string; horario: string };
}

const amount = (message: string) =>
  z
    .string()
    .trim()
    .min(1, { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).min(0, { error: message }));

/**
 * The form's text becomes PUT /envios's body: an empty threshold is null, and a pickup left off
 * with no address is "no pickup point" (null). The shared schema then checks it as the server does.
 */
const formSchema = z
  .object({
    regiones: z.array(
      z.object({
        region: z.string(),
        precio: amount(SHIPPING_MESSAGES.precio),
        envioGratisDesde: z
          .string()
          .trim()
          .transform((v) => (v === '' ? null : Number(v)))
          .pipe(
            z
              .number({ error: SHIPPING_MESSAGES.umbral })
              .min(0, { error: SHIPPING_MESSAGES.umbral })
              .nullable(),
          ),
      }),
    ),
    retiro: z.object({
      activo: z.boolean(),
      region: z.string(),
      comuna: z.string(),
      direccion: z.string(),
      horario: z.string(),
    }),
  })
  .transform(({ regiones, retiro }) => {
    const unset = !retiro.activo && !retiro.direccion.trim() && !retiro.horario.trim();
    return { regiones, retiro: unset ? null : retiro };
  })
  .pipe(ajustesEnvioInputSchema);

export function shippingFormValues(settings: AjustesEnvio): ShippingFormValues {
  return {
    regiones: settings.regiones.map((t) => ({
      region: t.region,
      precio: String(t.precio),
      envioGratisDesde: t.envioGratisDesde === null ? '' : String(t.envioGratisDesde),
    })),
    retiro: settings.retiro ?? {
      activo: false,
      region: '',
      comuna: '',
      direccion: '',
      horario: '',
    },
  };
}

interface ShippingFormProps {
  settings: AjustesEnvio;
  onSave: (body: AjustesEnvioInput) => Promise<unknown>;
}

/** Each región's fee and free-shipping threshold, and the store's pickup point. */
export function ShippingForm({ settings, onSave }: ShippingFormProps) {
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useServerForm<ShippingFormValues, AjustesEnvioInput>({
    resolver: zodResolver(formSchema) as never,
    defaultValues: shippingFormValues(settings),
  });
  const {
    register,
    submit,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = submit(async (body) => {
    setSaveError(null);
    try {
      await onSave(body);
    } catch (error) {
      setSaveError(actionErrorMessage('Error al guardar los envíos.', error));
    }
  });
  const retiroErrors = errors.retiro;

  return (
    <FormProvider {...form}>
      <form
        className="shipping-form"
        noValidate
        aria-busy={isSubmitting}
        onSubmit={(event) => {
          if (isSubmitting) event.preventDefault();
          else void onSubmit(event);
        }}
      >
        {saveError && <Alert tone="danger">{saveError}</Alert>}
        <section className="admin-card" aria-labelledby="envio-regiones">
          <h2 id="envio-regiones">Despacho por región</h2>
          <p className="admin-table__detail">
            Deja vacío el envío gratis para que esa región pague siempre el despacho.
          </p>
          <div className="shipping-table-wrap">
            <table className="admin-table shipping-table">
              <caption className="visually-hidden">Precio de despacho por región</caption>
              <thead>
                <tr>
                  <th scope="col">Región</th>
                  <th scope="col">Precio del despacho</th>
                  <th scope="col">Envío gratis desde</th>
                </tr>
              </thead>
              <tbody>
                {settings.regiones.map((t, i) => {
                  const rowErrors = errors.regiones?.[i];
                  return (
                    <tr key={t.region}>
                      <th scope="row">{t.region}</th>
                      <td>
                        <FormField
                          label={
                            <span className="visually-hidden">
                              Precio del despacho a {t.region}
                            </span>
                          }
                          error={rowErrors?.precio?.message}
                        >
                          <input
                            {...register(`regiones.${i}.precio`)}
                            type="number"
                            inputMode="numeric"
                            min={0}
                            step={1}
                          />
                        </FormField>
                      </td>
                      <td>
                        <FormField
                          label={
                            <span className="visually-hidden">
                              Envío gratis desde, en {t.region}
                            </span>
                          }
                          error={rowErrors?.envioGratisDesde?.message}
                        >
                          <input
                            {...register(`regiones.${i}.envioGratisDesde`)}
                            type="number"
                            inputMode="numeric"
                            min={0}
                            step={1}
                          />
                        </FormField>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>

        <section className="admin-card" aria-labelledby="envio-retiro">
          <h2 id="envio-retiro">Retiro en tienda</h2>
          <label className="shipping-form__check">
            <input type="checkbox" {...register('retiro.activo')} />
            Ofrecer retiro en tienda (gratis)
          </label>
          <div className="form-grid">
            <RegionComunaFields<ShippingFormValues>
              regionName="retiro.region"
              comunaName="retiro.comuna"
            />
            <FormField
              label="Dirección de la tienda"
              className="form-field--wide"
              error={retiroErrors?.direccion?.message}
            >
              <input {...register('retiro.direccion')} autoComplete="off" />
            </FormField>
            <FormField
              label="Horario de retiro"
              className="form-field--wide"
              hint="Ej.: Lunes a Viernes, 9:00 a 18:00"
              error={retiroErrors?.horario?.message}
            >
              <input {...register('retiro.horario')} autoComplete="off" />
            </FormField>
          </div>
          {(retiroErrors?.region || retiroErrors?.comuna) && (
            <p className="form-field__error">
              {retiroErrors.region?.message ?? retiroErrors.comuna?.message}
            </p>
          )}
        </section>

        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Guardando…' : 'Guardar envíos'}
        </button>
      </form>
    </FormProvider>
  );
}
