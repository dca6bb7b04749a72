import { describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, FAQS } from './faqs';
import { searchFaqs } from './search-faqs';

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
      'tarjeta de débito o crédito, o con transferencia bancaria',
      'El envío cuesta $3.990 y es gratis en compras desde $80.000',
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
});
