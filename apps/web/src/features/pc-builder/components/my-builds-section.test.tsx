import type { Armado } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { MyBuildsSection } from './my-builds-section';

const build = (codigo: string, titulo: string | null, total: number): Armado => ({
  codigo,
  titulo,
  piezas: [],
  piezasNoDisponibles: 0,
  total,
  revision: {
    incompatibilidades: [],
    advertencias: [],
    consumoEstimadoW: 0,
    fuenteRecomendadaW: 0,
  },
  createdAt: '2026-11-20T15:00:00.000Z',
});

function renderSection() {
  renderWithProviders(
    <section aria-labelledby="a">
      <h2 id="a">Mis armados</h2>
      <MyBuildsSection userId={7} />
    </section>,
  );
  return within(screen.getByRole('region', { name: 'Mis armados' }));
}

describe('Mis armados', () => {
  it('sin armados invita a armar uno', async () => {
    mockApi({ 'GET /cuenta/armados': { body: [] } });
    const region = renderSection();
    expect(await region.findByRole('link', { name: 'Arma tu PC' })).toHaveAttribute(
      'href',
      '/arma-tu-pc',
    );
  });

  it('lista cada armado con su enlace y lo elimina tras confirmar', async () => {
    let saved = [
      build('AAAAAAAAAAAAAAAA', null, 419980),
      build('BBBBBBBBBBBBBBBB', 'Oficina', 500000),
    ];
    const api = mockApi({
      'GET /cuenta/armados': () => ({ body: saved }),
      'DELETE /cuenta/armados/:codigo': ({ params }) => {
        saved = saved.filter((a) => a.codigo !== params.codigo);
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    const region = renderSection();
    const first = await region.findByRole('link', { name: 'Armado del 20-11-2026' });
    expect(first).toHaveAttribute('href', '/arma-tu-pc/b/AAAAAAAAAAAAAAAA');
    expect(region.getByRole('link', { name: 'Oficina' })).toBeInTheDocument();

    await user.click(region.getByRole('button', { name: 'Eliminar Oficina' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar este armado?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(region.queryByRole('link', { name: 'Oficina' })).toBeNull());
    expect(api.callsTo('DELETE', '/cuenta/armados/BBBBBBBBBBBBBBBB')).toHaveLength(1);
    expect(await screen.findByText('Oficina eliminado.')).toBeInTheDocument();
  });
});
