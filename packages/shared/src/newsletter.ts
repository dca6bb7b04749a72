// Newsletter texts, kept free of zod: the footer form is on every page, so what it imports is
// part of the JavaScript every visit downloads.
export const MESSAGES_NEWSLETTER = {
  correo: 'Formato de correo inválido.',
  /** The same answer for a new subscriber and for one already subscribed. */
  suscrito: '¡Gracias! Te suscribiste al newsletter.',
  baja: 'Listo. Ya no recibirás nuestro newsletter.',
  enlaceBajaInvalido: 'El enlace para darte de baja no es válido.',
} as const;
