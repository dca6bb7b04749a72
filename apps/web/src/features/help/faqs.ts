import {
  formatCLP,
  FREE_SHIPPING_THRESHOLD,
  SHIPPING_FEE,
  WARRANTY_MONTHS,
  type ConfigResponse,
} from '@nexbyte/shared';

// Shipping and returns FAQ of /ayuda. Deadlines and hours are the ones of docs/product.md#business-rules; the
// payment answers name the methods the server has on (GET /config).

export const FAQ_CATEGORIES = [
  'Envíos',
  'Devoluciones',
  'Garantía',
  'Pagos',
  'Soporte técnico',
] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface Faq {
  id: string;
  category: FaqCategory;
  question: string;
  /** Paragraphs of plain text. */
  answer: string[];
  /** A page of the shop where the answer goes on. */
  link?: { to: string; label: string };
}

export const SUPPORT_HOURS = 'Lunes a Viernes, 9:00 a 18:00';

const BASE_FAQS: readonly Faq[] = [
  {
    id: 'plazo-envio',
    category: 'Envíos',
    question: '¿Cuánto demora en llegar mi pedido?',
    answer: [
      'Despachamos a todo Chile y tu pedido llega en 24 a 72 horas hábiles desde que se confirma el pago. Los fines de semana y festivos no cuentan en el plazo.',
    ],
  },
  {
    id: 'costo-envio',
    category: 'Envíos',
    question: '¿Cuánto cuesta el envío?',
    answer: [
      `El envío cuesta ${formatCLP(SHIPPING_FEE)} y es gratis en compras desde ${formatCLP(FREE_SHIPPING_THRESHOLD)}, salvo donde la tienda fijó otra tarifa: en el carrito y al pagar ves el envío de tu región y cuánto te falta para el envío gratis.`,
      'Cuando la tienda ofrece Retiro en tienda, puedes elegirlo al pagar: no tiene costo y te mostramos la dirección y el horario.',
      'El cupón ENVIO0 también deja tu envío gratis, cualquiera sea el monto.',
    ],
  },
  {
    id: 'envio-regiones',
    category: 'Envíos',
    question: '¿Hacen envíos a regiones?',
    answer: [
      'Sí, despachamos a las 16 regiones del país con el mismo plazo de 24 a 72 horas hábiles. Revisa que la dirección, la comuna y el teléfono de contacto estén completos para que el courier no tenga que reagendar la entrega.',
    ],
  },
  {
    id: 'seguimiento',
    category: 'Envíos',
    question: '¿Cómo sé dónde está mi pedido?',
    answer: [
      'Cuando tu pedido sale de nuestra bodega te enviamos por correo el número de seguimiento del courier. Si no lo recibiste o el plazo ya pasó, escríbenos con tu número de pedido y lo revisamos.',
    ],
    link: { to: '/contacto', label: 'Escribir a Nexbyte' },
  },
  {
    id: 'retracto',
    category: 'Devoluciones',
    question: '¿Puedo devolver un producto si me arrepiento de la compra?',
    answer: [
      'Sí. Tienes 10 días desde que recibes el producto para ejercer tu derecho a retracto, sin tener que explicar el motivo.',
      'El producto debe estar sin uso, en su embalaje original y con todos sus accesorios, manuales y regalos asociados.',
    ],
  },
  {
    id: 'iniciar-devolucion',
    category: 'Devoluciones',
    question: '¿Cómo inicio una devolución?',
    answer: [
      'Escríbenos desde la página de Contacto con tu número de pedido, el producto y el motivo. Te respondemos con las instrucciones para entregarlo o enviarlo.',
    ],
    link: { to: '/contacto', label: 'Ir a Contacto' },
  },
  {
    id: 'reembolso',
    category: 'Devoluciones',
    question: '¿Cómo y cuándo recibo mi dinero de vuelta?',
    answer: [],
  },
  {
    id: 'duracion-garantia',
    category: 'Garantía',
    question: '¿Cuánto dura la garantía?',
    answer: [
      `Todos los productos nuevos tienen ${WARRANTY_MONTHS} meses de garantía legal desde que los recibes. Si presentan una falla de fabricación puedes elegir entre la reparación, el cambio o la devolución del dinero.`,
    ],
    link: { to: '/garantias', label: 'Ver la política de garantías' },
  },
  {
    id: 'falla-al-llegar',
    category: 'Garantía',
    question: 'Mi producto llegó con falla, ¿qué hago?',
    answer: [
      'Si el producto no funciona al recibirlo (falla de origen o DOA), avísanos dentro de 10 días desde la entrega. Envíanos fotos o un video de la falla junto a tu número de pedido y, una vez verificada, lo cambiamos por uno nuevo.',
    ],
  },
  {
    id: 'diagnostico',
    category: 'Garantía',
    question: '¿Cuánto demora la revisión de un producto en garantía?',
    answer: [
      'El diagnóstico toma entre 24 y 48 horas hábiles desde que recibimos el producto. Si el caso debe pasar por el fabricante, te avisamos y te mantenemos al tanto de cada paso.',
    ],
  },
  {
    id: 'exclusiones',
    category: 'Garantía',
    question: '¿Qué no cubre la garantía?',
    answer: [
      'No cubre golpes, caídas, contacto con líquidos, daños por sobretensión o por una instalación eléctrica defectuosa, sellos rotos o reparaciones hechas por terceros, ni el desgaste normal por uso.',
    ],
    link: { to: '/garantias', label: 'Ver qué cubre y qué no' },
  },
  {
    id: 'medios-pago',
    category: 'Pagos',
    question: '¿Qué medios de pago aceptan?',
    answer: [],
  },
  {
    id: 'precios-iva',
    category: 'Pagos',
    question: '¿Los precios incluyen IVA?',
    answer: ['Sí. Todos los precios están en pesos chilenos e incluyen IVA.'],
  },
  {
    id: 'cupones',
    category: 'Pagos',
    question: '¿Cómo uso un cupón de descuento?',
    answer: [
      'Ingresa el código en el carrito, en la caja de cupón, antes de pagar. Se puede usar un cupón por compra; si ingresas otro, reemplaza al anterior.',
    ],
  },
  {
    id: 'horario',
    category: 'Soporte técnico',
    question: '¿Cuál es el horario de atención?',
    answer: [
      `Atendemos de ${SUPPORT_HOURS}, por correo a soporte@nexbyte.cl y por WhatsApp al +56 9 1111 2222. Los mensajes que llegan fuera de ese horario los respondemos el siguiente día hábil.`,
    ],
  },
  {
    id: 'solicitar-servicio',
    category: 'Soporte técnico',
    question: '¿Cómo pido una reparación o una mantención?',
    answer: [
      'Completa el formulario de Soporte con los datos de tu equipo y los servicios que necesitas: diagnóstico, mantención preventiva, instalación o upgrade, respaldo de datos o formateo con sistema operativo limpio. Te contactamos con una cotización estimada antes de hacer cualquier trabajo.',
    ],
    link: { to: '/soporte', label: 'Solicitar soporte técnico' },
  },
  {
    id: 'datos',
    category: 'Soporte técnico',
    question: '¿Mis archivos están seguros si llevo mi equipo al servicio técnico?',
    answer: [
      'Trabajamos con cuidado, pero una falla de disco puede aparecer en cualquier momento: respalda tus archivos antes de entregarnos el equipo. Si no puedes hacerlo, pide el servicio de respaldo de datos junto con la reparación.',
    ],
  },
];

type PaymentSettings = Pick<ConfigResponse['pagos'], 'metodos' | 'descuentoTransferenciaPct'>;

function paymentMethodsAnswer({ metodos, descuentoTransferenciaPct }: PaymentSettings): string[] {
  const webpay = metodos.includes('WEBPAY');
  const transfer = metodos.includes('TRANSFERENCIA');
  const answer: string[] = [];
  if (webpay && transfer) {
    answer.push(
      'Puedes pagar con Webpay (tarjeta de débito, crédito o prepago) o con transferencia bancaria. Con Webpay el pago se confirma al momento; con transferencia, tu pedido se prepara cuando el pago se ve reflejado en nuestra cuenta.',
    );
  } else if (webpay) {
    answer.push(
      'Puedes pagar con Webpay, con tarjeta de débito, crédito o prepago. El pago se confirma al momento.',
    );
  } else {
    answer.push(
      'Por ahora puedes pagar con transferencia bancaria. Tu pedido se prepara cuando el pago se ve reflejado en nuestra cuenta.',
    );
  }
  if (transfer && descuentoTransferenciaPct > 0) {
    answer.push(
      `Pagando por transferencia tienes un ${descuentoTransferenciaPct} % de descuento: lo ves junto al precio de cada producto y en el resumen de tu compra.`,
    );
  }
  return answer;
}

function refundAnswer({ metodos }: PaymentSettings): string[] {
  return metodos.includes('WEBPAY')
    ? [
        'Cuando recibimos el producto y revisamos que esté completo, hacemos el reembolso por el mismo medio de pago que usaste: a tu tarjeta o, si pagaste con transferencia bancaria, a la cuenta que nos indiques. El tiempo en que se refleja en tu tarjeta depende de tu banco.',
      ]
    : [
        'Cuando recibimos el producto y revisamos que esté completo, te devolvemos el dinero por transferencia bancaria a la cuenta que nos indiques.',
      ];
}

/** The FAQ of /ayuda, its payment answers naming exactly the methods that are on. */
export function faqsFor(payments: PaymentSettings): Faq[] {
  return BASE_FAQS.map((faq) => {
    if (faq.id === 'medios-pago') return { ...faq, answer: paymentMethodsAnswer(payments) };
    if (faq.id === 'reembolso') return { ...faq, answer: refundAnswer(payments) };
    return faq;
  });
}
