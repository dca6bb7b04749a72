import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { faqsFor } from '../faqs';

const FAQS = faqsFor({ metodos: ['WEBPAY', 'TRANSFERENCIA'], descuentoTransferenciaPct: 0 });
import { FaqBrowser } from './faq-browser';

function renderFaq() {
  const router = createMemoryRouter([{ path: '/ayuda', element: <FaqBrowser faqs={FAQS} /> }], {
    initialEntries: ['/ayuda'],
  });
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

const questions = () => screen.queryAllByRole('group').filter((el) => el.tagName === 'DETAILS');
const questionTexts = () => questions().map((d) => d.querySelector('summary')!.textContent);
const count = () => screen.getByRole('status');
const searchBox = () => screen.getByRole('searchbox', { name: 'Buscar en la ayuda' });
const chip = (name: string) => screen.getByRole('button', { name });

describe('FaqBrowser', () => {
  it('muestra todas las preguntas agrupadas por tema, cerradas hasta abrirlas', async () => {
    const user = renderFaq();
    expect(count()).toHaveTextContent(`${FAQS.length} preguntas`);
    expect(questions()).toHaveLength(FAQS.length);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Envíos',
      'Devoluciones',
      'Garantía',
      'Pagos',
      'Soporte técnico',
    ]);
    const payments = questions().find((d) => d.textContent?.includes('¿Qué medios de pago'))!;
    expect(payments).not.toHaveAttribute('open');

    await user.click(within(payments).getByText('¿Qué medios de pago aceptan?'));

    expect(payments).toHaveAttribute('open');
    expect(payments).toHaveTextContent('tarjeta de débito, crédito o prepago');
  });

  it('los chips filtran por tema', async () => {
    const user = renderFaq();
    expect(chip('Todas')).toHaveAttribute('aria-pressed', 'true');

    await user.click(chip('Pagos'));

    expect(chip('Pagos')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Todas')).toHaveAttribute('aria-pressed', 'false');
    expect(questionTexts()).toEqual([
      '¿Qué medios de pago aceptan?',
      '¿Los precios incluyen IVA?',
      '¿Cómo uso un cupón de descuento?',
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Pagos',
    ]);
    expect(count()).toHaveTextContent('3 preguntas');
  });

  it('busca sin distinguir mayúsculas ni tildes, y cuenta en singular una pregunta', async () => {
    const user = renderFaq();
    await user.type(searchBox(), 'PRECIOS IVA');
    expect(questionTexts()).toEqual(['¿Los precios incluyen IVA?']);
    expect(count()).toHaveTextContent(/^1 pregunta$/);

    await user.clear(searchBox());
    await user.type(searchBox(), 'envio gratis');
    expect(questionTexts()).toEqual(['¿Cuánto cuesta el envío?']);
  });

  it('Escape vacía la búsqueda', async () => {
    const user = renderFaq();
    await user.type(searchBox(), 'retracto');
    expect(questions()).toHaveLength(1);

    await user.keyboard('{Escape}');

    expect(searchBox()).toHaveValue('');
    expect(questions()).toHaveLength(FAQS.length);
  });

  it('sin resultados lo dice y ofrece limpiar la búsqueda y el tema', async () => {
    const user = renderFaq();
    await user.click(chip('Pagos'));
    await user.type(searchBox(), 'retracto');

    expect(screen.getByText('No encontramos preguntas con esos criterios.')).toBeInTheDocument();
    expect(count()).toHaveTextContent('0 preguntas');

    await user.click(screen.getByRole('button', { name: 'Ver todos los temas' }));
    expect(chip('Todas')).toHaveAttribute('aria-pressed', 'true');
    expect(questionTexts()).toEqual(['¿Puedo devolver un producto si me arrepiento de la compra?']);

    await user.click(chip('Pagos'));
    await user.click(screen.getByRole('button', { name: 'Limpiar búsqueda' }));
    expect(searchBox()).toHaveValue('');
    expect(questions()).toHaveLength(3);
  });
});
