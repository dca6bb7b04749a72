import { zodResolver } from '@hookform/resolvers/zod';
import { buildContactoSchema, CONTACT_MESSAGE_MAX, type ContactoInput } from '@nexbyte/shared';
import { useForm, useWatch } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toast';
import { domainSchema } from '../../../lib/form-schemas';
import { useSendContactMessage } from '../api/send-contact-message';
import '../contact.css';

const EMPTY: ContactoInput = { nombre: '', email: '', mensaje: '', empresa: '' };

/** docs/product.md#contacto: name, e-mail and a message of up to 500 characters. */
export function ContactForm() {
  const toast = useToast();
  const mutation = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(domainSchema(buildContactoSchema)),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const mensaje = useWatch({ control, name: 'mensaje' }) ?? '';

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        toast.show({
          type: 'success',
          title: 'Mensaje enviado',
          message: '¡Gracias! Te responderemos a la brevedad.',
        });
        reset();
      },
      onError: () => {
        toast.show({
          type: 'error',
          title: 'No pudimos enviar tu mensaje',
          message: 'Inténtalo nuevamente más tarde.',
        });
      },
    }),
  );

  return (
    <form className="contact-form" method="post" noValidate onSubmit={onSubmit}>
      <FormField label="Nombre" error={errors.nombre?.message}>
        <input {...register('nombre')} autoComplete="name" />
      </FormField>
      <FormField label="Correo" error={errors.email?.message}>
        <input {...register('email')} type="email" autoComplete="email" />
      </FormField>
      <FormField
        label="Mensaje"
        error={errors.mensaje?.message}
        hint={
          <span
            aria-live="polite"
            className={mensaje.length > CONTACT_MESSAGE_MAX ? 'contact-counter--over' : undefined}
          >
            {`${mensaje.length}/${CONTACT_MESSAGE_MAX}`}
          </span>
        }
      >
        <textarea {...register('mensaje')} rows={6} />
      </FormField>
      {/* Honeypot: people never see it; bots fill it and the server quietly drops the message. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor="contacto-empresa">Empresa (no completar)</label>
        <input {...register('empresa')} id="contacto-empresa" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="actions">
        <button type="button" className="button button--ghost" onClick={() => reset()}>
          Limpiar
        </button>
        <button type="submit" className="button" disabled={mutation.isPending}>
          {mutation.isPending ? 'Enviando…' : 'Enviar'}
        </button>
      </div>
    </form>
  );
}
