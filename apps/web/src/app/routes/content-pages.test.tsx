import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../testing/mock-api';
import { buildConfig } from '../../testing/order-fixtures';
import { renderApp } from '../testing/render-app';

async function renderPage(url: string, heading: string) {
  renderApp(url);
  // The first visit downloads the screen's code, which can take more than a second.
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 4000 });
  return screen.getByRole('main');
}

/** One h1, and no heading more than one level below the one before it. */
function expectHeadingOrder(main: HTMLElement) {
  const levels = within(main)
    .getAllByRole('heading')
    .map((h) => Number(h.tagName.slice(1)));
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  levels.slice(1).forEach((level, i) => expect(level - levels[i]!).toBeLessThanOrEqual(1));
}

const h2s = (main: HTMLElement) =>
  within(main)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('páginas de contenido', () => {
  it('Nosotros muestra misión, visión, valores, diferencias, hitos y equipo', async () => {
    const page = await renderPage('/nosotros', 'Nosotros');
    const main = within(page);
    expect(h2s(page)).toEqual(
      expect.arrayContaining([
        'Misión',
        'Visión',
        'Valores',
        'Lo que nos diferencia',
        'Hitos',
        'Equipo',
      ]),
    );
    const milestones = main.getByRole('heading', { name: 'Hitos' }).closest('section')!;
    expect(
      within(milestones)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent?.slice(0, 4)),
    ).toEqual(['2020', '2022', '2024']);
    expect(main.getByText(/nació en Santiago en 2020/)).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Solicitar soporte técnico' })).toHaveAttribute(
      'href',
      '/soporte',
    );
    expect(main.getByRole('link', { name: 'Contactar a Nexbyte' })).toHaveAttribute(
      'href',
      '/contacto',
    );
    expectHeadingOrder(page);
    expect(document.title).toBe('Nosotros | Nexbyte');
  });

  it('Garantías explica cobertura, plazos, evidencia, pasos y estados', async () => {
    const page = await renderPage('/garantias', 'Garantías');
    const main = within(page);
    expect(h2s(page)).toEqual(
      expect.arrayContaining([
        'Plazos',
        'Qué cubre',
        'Qué no cubre',
        'Cómo hacer válida tu garantía',
        'Estados de tu solicitud',
      ]),
    );
    expect(main.getByRole('heading', { name: 'Evidencia que necesitamos' })).toBeInTheDocument();
    const states = main
      .getByRole('heading', { name: 'Estados de tu solicitud' })
      .closest('section')!;
    expect(
      within(states)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Recibida', 'En diagnóstico', 'En fabricante', 'Resuelto']);
    const text = page.textContent;
    for (const claim of [
      'Derecho a retracto10 días',
      'Falla al llegar (DOA)10 días',
      'Garantía legal6 meses',
      '24 a 48 horas hábiles',
      '1 a 3 días hábiles',
      'Lunes a Viernes, 9:00 a 18:00',
    ]) {
      expect(text).toContain(claim);
    }
    expect(main.getByRole('link', { name: /Contacto/ })).toHaveAttribute('href', '/contacto');
    expect(main.getByRole('link', { name: 'Solicitar soporte técnico' })).toHaveAttribute(
      'href',
      '/soporte',
    );
    expectHeadingOrder(page);
  });

  it('Ayuda muestra las preguntas frecuentes y a dónde seguir', async () => {
    const page = await renderPage('/ayuda', 'Ayuda');
    const main = within(page);
    expect(main.getByRole('searchbox', { name: 'Buscar en la ayuda' })).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Escríbenos' })).toHaveAttribute('href', '/contacto');
    expect(main.getByRole('link', { name: 'solicita soporte técnico' })).toHaveAttribute(
      'href',
      '/soporte',
    );
    expectHeadingOrder(page);
  });

  it('Ayuda nombra solo los medios de pago que la tienda tiene encendidos', async () => {
    mockApi({ 'GET /config': { body: buildConfig({ metodos: ['TRANSFERENCIA'] }) } });
    const page = await renderPage('/ayuda', 'Ayuda');
    const question = await within(page).findByText('¿Qué medios de pago aceptan?');
    const faq = question.closest('details')!;
    await waitFor(() =>
      expect(faq).toHaveTextContent('Por ahora puedes pagar con transferencia bancaria.'),
    );
    expect(faq).not.toHaveTextContent(/tarjeta|Webpay/);
  });

  it('Ayuda nombra Webpay y la transferencia cuando ambos están encendidos', async () => {
    mockApi({ 'GET /config': { body: buildConfig() } });
    const page = await renderPage('/ayuda', 'Ayuda');
    const faq = (await within(page).findByText('¿Qué medios de pago aceptan?')).closest('details')!;
    await waitFor(() =>
      expect(faq).toHaveTextContent(
        'Puedes pagar con Webpay (tarjeta de débito, crédito o prepago) o con transferencia bancaria.',
      ),
    );
  });

  it.each([
    ['/blogs', 'Blog'],
    ['/blog/7-trucos-geek-setup', '7 trucos para un setup geek cómodo y ordenado'],
  ])('%s tiene un solo h1 y títulos en orden', async (url, heading) => {
    expectHeadingOrder(await renderPage(url, heading));
  });
});
