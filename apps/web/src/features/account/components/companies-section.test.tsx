import type { EmpresaGuardada } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { CompaniesSection } from './companies-section';

const SUR: EmpresaGuardada = {
  id: 4,
  rut: '76123456-0',
  razonSocial: 'Hardware del Sur SpA',
  giro: 'Venta de equipos computacionales',
  direccion: 'Av. Alemania 671',
  region: 'La Araucanía',
  comuna: 'Temuco',
};

function renderSection() {
  renderWithProviders(
    <section aria-labelledby="e">
      <h2 id="e">Mis empresas</h2>
      <CompaniesSection userId={7} />
    </section>,
  );
  return within(screen.getByRole('region', { name: 'Mis empresas' }));
}

describe('Mis empresas', () => {
  it('lista las empresas con su RUT con puntos y guion', async () => {
    mockApi({ 'GET /cuenta/empresas': { body: { items: [SUR] } } });
    const region = renderSection();
    const item = await region.findByRole('listitem');
    expect(item).toHaveTextContent('Hardware del Sur SpA');
    expect(item).toHaveTextContent('RUT 76.123.456-0 · Venta de equipos computacionales');
    expect(item).toHaveTextContent('Av. Alemania 671, Temuco, La Araucanía');
  });

  it('agrega una empresa: valida en español, y un RUT repetido lo dice junto al RUT', async () => {
    let saved: EmpresaGuardada[] = [];
    let posts = 0;
    const api = mockApi({
      'GET /cuenta/empresas': () => ({ body: { items: saved } }),
      'POST /cuenta/empresas': (call) => {
        posts += 1;
        if (posts === 1) {
          return { status: 409, body: { message: 'Ya tienes guardada una empresa con ese RUT.' } };
        }
        saved = [{ id: 9, ...(call.body as Omit<EmpresaGuardada, 'id'>) }];
        return { status: 201, body: saved[0] };
      },
    });
    const user = userEvent.setup();
    const region = renderSection();
    expect(await region.findByText('Aún no tienes empresas guardadas.')).toBeInTheDocument();

    await user.click(region.getByRole('button', { name: 'Agregar empresa' }));
    const form = within(region.getByRole('form', { name: 'Nueva empresa' }));
    await user.click(form.getByRole('button', { name: 'Guardar empresa' }));
    expect(await form.findByText('Ingresa un RUT de empresa válido (ej: 76.123.456-0).'));
    expect(form.getByText('Ingresa la razón social.')).toBeInTheDocument();
    expect(form.getByLabelText('RUT de la empresa')).toHaveFocus();

    await user.type(form.getByLabelText('RUT de la empresa'), '761234560');
    expect(form.getByLabelText('RUT de la empresa')).toHaveValue('76.123.456-0');
    await user.type(form.getByLabelText('Razón social'), SUR.razonSocial);
    await user.type(form.getByLabelText('Giro'), SUR.giro);
    await user.type(form.getByLabelText('Dirección de la empresa'), SUR.direccion);
    await user.selectOptions(form.getByLabelText('Región'), SUR.region);
    await user.selectOptions(form.getByLabelText('Comuna'), SUR.comuna);
    await user.click(form.getByRole('button', { name: 'Guardar empresa' }));
    expect(
      await form.findByText('Ya tienes guardada una empresa con ese RUT.'),
    ).toBeInTheDocument();
    expect(form.getByLabelText('RUT de la empresa')).toHaveAttribute('aria-invalid', 'true');

    await user.click(form.getByRole('button', { name: 'Guardar empresa' }));
    expect(await region.findByRole('listitem')).toHaveTextContent('Hardware del Sur SpA');
    expect(api.callsTo('POST', '/cuenta/empresas')[1]!.body).toEqual({
      ...SUR,
      id: undefined,
      rut: '76123456-0',
    });
    expect(region.queryByRole('form')).toBeNull();
  }, 15_000);

  it('edita una empresa con sus datos ya puestos', async () => {
    const api = mockApi({
      'GET /cuenta/empresas': { body: { items: [SUR] } },
      'PUT /cuenta/empresas/4': (call) => ({
        body: { id: 4, ...(call.body as Omit<EmpresaGuardada, 'id'>) },
      }),
    });
    const user = userEvent.setup();
    const region = renderSection();
    await user.click(await region.findByRole('button', { name: 'Editar Hardware del Sur SpA' }));
    const form = within(region.getByRole('form', { name: 'Editar Hardware del Sur SpA' }));
    expect(form.getByLabelText('RUT de la empresa')).toHaveValue('76.123.456-0');
    expect(form.getByLabelText('Comuna')).toHaveValue('Temuco');
    await user.clear(form.getByLabelText('Giro'));
    await user.type(form.getByLabelText('Giro'), 'Servicios informáticos');
    await user.click(form.getByRole('button', { name: 'Guardar empresa' }));
    await waitFor(() => expect(api.callsTo('PUT', '/cuenta/empresas/4')).toHaveLength(1));
    expect(api.callsTo('PUT', '/cuenta/empresas/4')[0]!.body).toMatchObject({
      rut: '76123456-0',
      giro: 'Servicios informáticos',
    });
  });

  it('pide confirmación antes de eliminar; Cancelar no borra nada', async () => {
    let items = [SUR];
    const api = mockApi({
      'GET /cuenta/empresas': () => ({ body: { items } }),
      'DELETE /cuenta/empresas/4': () => {
        items = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    const region = renderSection();
    await user.click(await region.findByRole('button', { name: 'Eliminar Hardware del Sur SpA' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar esta empresa?' });
    expect(dialog).toHaveTextContent('Hardware del Sur SpA (RUT 76.123.456-0)');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('DELETE', '/cuenta/empresas/4')).toHaveLength(0);

    await user.click(region.getByRole('button', { name: 'Eliminar Hardware del Sur SpA' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }),
    );
    expect(await region.findByText('Aún no tienes empresas guardadas.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/cuenta/empresas/4')).toHaveLength(1);
  });
});
