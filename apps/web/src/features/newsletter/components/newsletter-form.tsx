import { NEWSLETTER_MESSAGES } from '@nexbyte/shared';
import { useId, type FormEvent } from 'react';
import { useToast } from '../../../components/ui/toast';
import { subscribeErrorMessage, useSubscribe } from '../api/subscribe';

/**
 * The footer's newsletter box (docs/product.md#header-and-footer: a required input of type e-mail). The browser checks the
 * address first; the server checks it again, and subscribing twice is not an error.
 */
export function NewsletterForm() {
  const inputId = useId();
  const toast = useToast();
  const mutation = useSubscribe();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    mutation.mutate(
      { email },
      {
        onSuccess: () => {
          toast.show({ type: 'success', message: NEWSLETTER_MESSAGES.subscribed });
          form.reset();
        },
        onError: (error) => {
          toast.show({
            type: 'error',
            title: 'No pudimos suscribirte',
            message: subscribeErrorMessage(error),
          });
        },
      },
    );
  };

  return (
    <section>
      <h2 className="site-footer__title">Newsletter</h2>
      <form className="newsletter" method="post" onSubmit={onSubmit}>
        <label htmlFor={inputId}>Recibe ofertas y novedades en tu correo</label>
        <div className="newsletter__row">
          <input
            id={inputId}
            name="email"
            type="email"
            required
            maxLength={100}
            autoComplete="email"
            placeholder="tucorreo@gmail.com"
          />
          <button type="submit" className="button" disabled={mutation.isPending}>
            Suscribirme
          </button>
        </div>
      </form>
    </section>
  );
}
