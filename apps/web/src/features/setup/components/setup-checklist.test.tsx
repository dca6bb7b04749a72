import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { buildUser, storeSession } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { SetupChecklist } from './setup-checklist';

beforeEach(() => {
  storeSession(buildUser({ role: 'ADMIN' }), 'token-admin');
});
afterEach(() => vi.unstubAllGlobals());

const answer = (body: object) => mockApi({ 'GET /admin/puesta-en-marcha': { body } });

function renderChecklist() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SetupChecklist />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SetupChecklist', () => {
  it('lleva a crear la primera categoría y el primer producto, y marca lo que ya está listo', async () => {
    const api = answer({
      categoria: true,
      producto: false,
      datosBancarios: false,
      envioCorreos: true,
      mediosPago: false,
      boletaElectronica: false,
      correosFallidos: 0,
    });
    renderChecklist();
    expect(await screen.findByRole('heading', { name: 'Puesta en marcha' })).toBeInTheDocument();
    expect(screen.getByText('2 de 6 pasos listos')).toBeInTheDocument();
    // Tax documents are off until the provider is configured: said in the owner's words.
    expect(screen.getByText(/Boleta electrónica sin configurar/).textContent).toContain(
      '(pendiente)',
    );
    expect(screen.getByText(/DTE_API_URL y DTE_API_KEY/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Agrega el primer producto/ })).toHaveAttribute(
      'href',
      '/admin/productos/nuevo',
    );
    // A step already done is no longer a link.
    expect(screen.queryByRole('link', { name: /primera categoría/ })).toBeNull();
    expect(screen.getByText(/Crea la primera categoría/).textContent).toContain('(listo)');
    expect(screen.getByText(/BANK_ACCOUNT_NUMBER/)).toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /admin/puesta-en-marcha']);
    expect(api.calls[0]!.authorization).toBe('Bearer token-admin');
    expect(screen.queryByText(/no se pudo enviar|no se pudieron enviar/)).toBeNull();
  });

  it('desaparece cuando todo está listo', async () => {
    const api = answer({
      categoria: true,
      producto: true,
      datosBancarios: true,
      envioCorreos: true,
      mediosPago: true,
      boletaElectronica: true,
      correosFallidos: 0,
    });
    const { container } = renderChecklist();
    await vi.waitFor(() => expect(api.fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(container).toBeEmptyDOMElement();
  });

  it('avisa de los correos que no se pudieron enviar y lleva a verlos, junto a los pasos pendientes', async () => {
    answer({
      categoria: true,
      producto: false,
      datosBancarios: false,
      envioCorreos: true,
      mediosPago: false,
      boletaElectronica: false,
      correosFallidos: 3,
    });
    renderChecklist();
    const warning = await screen.findByText('Hay 3 correos que no se pudieron enviar.');
    expect(warning.closest('.alert')).toHaveClass('alert--warning');
    expect(screen.getByRole('link', { name: 'Ver los correos fallidos' })).toHaveAttribute(
      'href',
      '/admin/correos?estado=fallido',
    );
    expect(screen.getByRole('heading', { name: 'Puesta en marcha' })).toBeInTheDocument();
  });

  it('avisa de un correo fallido en singular aunque todos los pasos estén listos', async () => {
    answer({
      categoria: true,
      producto: true,
      datosBancarios: true,
      envioCorreos: true,
      mediosPago: true,
      boletaElectronica: true,
      correosFallidos: 1,
    });
    renderChecklist();
    expect(await screen.findByText('Hay 1 correo que no se pudo enviar.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver los correos fallidos' })).toBeInTheDocument();
    // The steps, all done, stay hidden.
    expect(screen.queryByRole('heading', { name: 'Puesta en marcha' })).toBeNull();
  });
});
