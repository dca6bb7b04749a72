import { WARRANTY_MONTHS } from '@nexbyte/shared';

// The shop's support channels (docs/product.md#contacto) and the three FAQs of /contacto, worded with the
// deadlines of docs/product.md#business-rules.

export const SUPPORT_EMAIL = 'soporte@nexbyte.cl';
export const WHATSAPP_DISPLAY = '+56 9 1111 2222';
export const WHATSAPP_URL = 'https://wa.me/56911112222';
export const SUPPORT_HOURS = 'Lunes a Viernes, 9:00 a 18:00';

export interface ContactFaq {
  question: string;
  answer: string;
}

export const CONTACT_FAQS: readonly ContactFaq[] = [
  {
    question: '¿Cuánto demora el despacho?',
    answer:
      'Despachamos a todo Chile: tu pedido llega en 24 a 72 horas hábiles (1 a 3 días hábiles) desde que se confirma el pago.',
  },
  {
    question: '¿Puedo devolver un producto?',
    answer: `Tienes 10 días para devolverlo por retracto, y todos los productos tienen ${WARRANTY_MONTHS} meses de garantía legal. Si llega con falla de fábrica, avísanos dentro de 10 días.`,
  },
  {
    question: '¿Cuánto tarda el diagnóstico de mi equipo?',
    answer:
      'El diagnóstico toma de 24 a 48 horas hábiles. Después te enviamos la cotización para que decidas antes de reparar.',
  },
];
