// Newsletter texts, kept free of zod: the footer form is on every page, so what it imports is
// part of the JavaScript every visit downloads.
export const NEWSLETTER_MESSAGES = {
  correo: 'Formato de correo inválido.',
  /** The same answer for a new subscriber and for one already subscribed. */
  subscribed: '¡Gracias! Te suscribiste al newsletter.',
  unsubscribed: 'Listo. Ya no recibirás nuestro newsletter.',
  invalidUnsubscribeLink: 'El enlace para darte de baja no es válido.',
} as const;
