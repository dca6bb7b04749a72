import { describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, faqsFor } from './faqs';
import { searchFaqs } from './search-faqs';

const FAQS = faqsFor({ metodos: ['WEBPAY', 'TRANSFERENCIA'], descuentoTransferenciaPct: 0 });

const allText = FAQS.map((faq) => [faq.question, ...faq.answer].join(' ')).join(' ');

describe('preguntas frecuentes', () => {
  it('cada tema tiene preguntas y cada pregunta un id único', () => {
    for (const category of FAQ_CATEGORIES) {
      expect(FAQS.some((faq) => faq.category === category)).toBe(true);
    }
    expect(new Set(FAQS.map((faq) => faq.id)).size).toBe(FAQS.length);
  });

  it('dicen los plazos, el horario y los medios de pago de la tienda', () => {
    for (const claim of [
      '24 a 72 horas hábiles',
      '10 días desde que recibes el producto para ejercer tu derecho a retracto',
      '6 meses de garantía legal',
      'avísanos dentro de 10 días',
      'entre 24 y 48 horas hábiles',
      'Lunes a Viernes, 9:00 a 18:00',
      'Webpay (tarjeta de débito, crédito o prepago) o con transferencia bancaria',
      'El envío cuesta $3.990 y es gratis en compras desde $80.000, salvo donde la tienda fijó otra tarifa',
      'Retiro en tienda',
    ]) {
      expect(allText).toContain(claim);
    }
  });

  it('la búsqueda ignora mayúsculas y tildes y exige todas las palabras', () => {
    const ids = (query: string) => searchFaqs(FAQS, { category: null, query }).map((faq) => faq.id);
    expect(ids('RETRACTO')).toEqual(['retracto']);
    expect(ids('envio regiones')).toEqual(['envio-regiones']);
    expect(
      searchFaqs(FAQS, { category: 'Pagos', query: 'transferencia' }).map((f) => f.id),
    ).toEqual(['medios-pago']);
  });

  it('nombran solo los medios de pago encendidos, y el precio con transferencia si lo hay', () => {
    const answer = (faqs: ReturnType<typeof faqsFor>, id: string) =>
      faqs.find((faq) => faq.id === id)!.answer.join(' ');

    const transferOnly = faqsFor({ metodos: ['TRANSFERENCIA'], descuentoTransferenciaPct: 0 });
    expect(answer(transferOnly, 'medios-pago')).toContain('transferencia bancaria');
    expect(answer(transferOnly, 'medios-pago')).not.toMatch(/tarjeta|Webpay/);
    expect(answer(transferOnly, 'reembolso')).not.toMatch(/tarjeta/);

    const webpayOnly = faqsFor({ metodos: ['WEBPAY'], descuentoTransferenciaPct: 5 });
    expect(answer(webpayOnly, 'medios-pago')).toContain('Webpay');
    expect(answer(webpayOnly, 'medios-pago')).not.toMatch(/transferencia|descuento/);

    const withDiscount = faqsFor({
      metodos: ['WEBPAY', 'TRANSFERENCIA'],
      descuentoTransferenciaPct: 5,
    });
    expect(answer(withDiscount, 'medios-pago')).toContain(
      'Pagando por transferencia tienes un 5 % de descuento',
    );
  });
});
