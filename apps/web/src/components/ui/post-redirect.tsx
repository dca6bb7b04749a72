import { useEffect, useRef } from 'react';

interface PostRedirectProps {
  /** Where the browser goes, e.g. Webpay's payment form. */
  action: string;
  /** Hidden fields posted with it. */
  fields: Record<string, string>;
  /** Said while the browser leaves the page. */
  message: string;
  /** The button that sends the form again should the automatic post not leave the page. */
  buttonLabel: string;
}

/**
 * Takes the browser to another site with a POST, as payment providers ask (Webpay reads
 * `token_ws` from a posted form, never from the address). The form is sent once on mount; its
 * button stays for the rare browser that blocks it.
 */
export function PostRedirect({ action, fields, message, buttonLabel }: PostRedirectProps) {
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    // Strict mode runs effects twice: the provider must receive one post.
    if (sent.current) return;
    sent.current = true;
    form.current?.submit();
  }, []);
  return (
    <form ref={form} method="post" action={action} className="post-redirect">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p role="status">{message}</p>
      <button type="submit" className="button button--ghost">
        {buttonLabel}
      </button>
    </form>
  );
}
