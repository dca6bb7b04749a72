import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { buildUser, storeSession } from '../../../testing/fixtures';
import { SetupChecklist } from './setup-checklist';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  storeSession(buildUser({ role: 'ADMIN' }), 'token-admin');
});
afterEach(() => vi.unstubAllGlobals());

function answer(body: object) {
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
  );
}

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
    answer({
      categoria: true,
      producto: false,
      datosBancarios: false,
      envioCorreos: true,
      mediosPago: false,
    });
    renderChecklist();
    expect(await screen.findByRole('heading', { name: 'Puesta en marcha' })).toBeInTheDocument();
    expect(screen.getByText('2 de 5 pasos listos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Agrega el primer producto/ })).toHaveAttribute(
      'href',
      '/admin/productos/nuevo',
    );
    // A step already done is no longer a link.
    expect(screen.queryByRole('link', { name: /primera categoría/ })).toBeNull();
    expect(screen.getByText(/Crea la primera categoría/).textContent).toContain('(listo)');
    expect(screen.getByText(/BANK_ACCOUNT_NUMBER/)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/puesta-en-marcha');
  });

  it('desaparece cuando todo está listo', async () => {
    answer({
      categoria: true,
      producto: true,
      datosBancarios: true,
      envioCorreos: true,
      mediosPago: true,
    });
    const { container } = renderChecklist();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(container).toBeEmptyDOMElement();
  });
});
