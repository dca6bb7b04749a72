import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageCount, Pager } from './pager';

describe('Pager', () => {
  it('no se muestra cuando todo cabe en una página', () => {
    const { container } = render(
      <Pager pagina={1} total={50} pageSize={50} label="Páginas" onPage={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
  });

  it('Anterior y Siguiente piden la página vecina; en los extremos no hacen nada', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    const { rerender } = render(
      <Pager pagina={1} total={101} pageSize={50} label="Páginas" onPage={onPage} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Páginas' });
    expect(nav).toHaveTextContent('Página 1 de 3');
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onPage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onPage).toHaveBeenLastCalledWith(2);

    rerender(<Pager pagina={3} total={101} pageSize={50} label="Páginas" onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onPage).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });

  it('desde una página que ya no existe, Anterior lleva a la última', async () => {
    const onPage = vi.fn();
    render(<Pager pagina={7} total={101} pageSize={50} label="Páginas" onPage={onPage} />);
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });
});
