import type { ImagenProducto } from '@nexbyte/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildProducto } from '../../../testing/catalog-api';
import { ProductGallery } from './product-gallery';

const photo = (id: number, alt: string): ImagenProducto => ({
  id,
  url: `/imagenes/${id}-0123456789abcdef.jpg`,
  alt,
  ancho: 1600,
  alto: 1200,
  variantes: [320, 640, 1024].flatMap((ancho) =>
    (['avif', 'webp'] as const).map((formato) => ({
      formato,
      ancho,
      url: `/imagenes/${id}-0123456789abcdef-${ancho}.${formato}`,
    })),
  ),
});

const product = buildProducto({
  nombre: 'Mouse G203',
  imagenes: [photo(1, 'Vista superior'), photo(2, ''), photo(3, 'Vista trasera')],
});

const main = () => screen.getByRole('group', { name: /Foto \d de 3/ });
const shown = () => within(main()).getByRole('img');

describe('ProductGallery', () => {
  it('muestra la primera foto como <picture> AVIF/WebP con srcset, sizes, ancho y alto', () => {
    const { container } = render(<ProductGallery product={product} />);
    expect(shown()).toHaveAccessibleName('Vista superior');
    expect(shown()).toHaveAttribute('width', '1600');
    expect(shown()).toHaveAttribute('height', '1200');
    expect(shown()).toHaveAttribute('loading', 'eager');
    const sources = container.querySelectorAll('.product-gallery__main source');
    expect([...sources].map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(
      '/imagenes/1-0123456789abcdef-320.avif 320w, /imagenes/1-0123456789abcdef-640.avif 640w, /imagenes/1-0123456789abcdef-1024.avif 1024w',
    );
    expect(sources[0]!.getAttribute('sizes')).toBeTruthy();
    // Thumbnails are below the main photo: they wait until scrolled near.
    const thumbs = screen.getAllByRole('button', { name: /^Ver foto/ });
    expect(thumbs).toHaveLength(3);
    expect(within(thumbs[1]!).getByRole('presentation', { hidden: true })).toHaveAttribute(
      'loading',
      'lazy',
    );
  });

  it('cambia de foto con las miniaturas, y una sin alt lleva el nombre del producto', async () => {
    const user = userEvent.setup();
    render(<ProductGallery product={product} />);
    const second = screen.getByRole('button', { name: 'Ver foto 2 de 3' });
    expect(second).toHaveAttribute('aria-pressed', 'false');
    await user.click(second);
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(shown()).toHaveAccessibleName('Mouse G203, foto 2');
    expect(main()).toHaveAccessibleName(/Foto 2 de 3/);
    expect(screen.getByText('Foto 2 de 3: Mouse G203, foto 2')).toBeInTheDocument();
  });

  it('con el foco en la foto, las flechas, Inicio y Fin cambian de foto (y dan la vuelta)', async () => {
    const user = userEvent.setup();
    render(<ProductGallery product={product} />);
    main().focus();
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAccessibleName('Mouse G203, foto 2');
    await user.keyboard('{End}');
    expect(shown()).toHaveAccessibleName('Vista trasera');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAccessibleName('Vista superior');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toHaveAccessibleName('Vista trasera');
    await user.keyboard('{Home}');
    expect(shown()).toHaveAccessibleName('Vista superior');
  });

  it('un deslizamiento horizontal cambia de foto; uno vertical o corto, no', () => {
    render(<ProductGallery product={product} />);
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.touchStart(main(), { touches: [{ clientX: from[0], clientY: from[1] }] });
      fireEvent.touchEnd(main(), { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
    };
    swipe([300, 100], [120, 110]);
    expect(shown()).toHaveAccessibleName('Mouse G203, foto 2');
    swipe([100, 100], [300, 100]);
    expect(shown()).toHaveAccessibleName('Vista superior');
    swipe([300, 100], [280, 100]);
    swipe([300, 100], [200, 400]);
    expect(shown()).toHaveAccessibleName('Vista superior');
  });

  it('sin fotos muestra la imagen del producto (el dibujo de su categoría), sin galería', () => {
    render(<ProductGallery product={buildProducto({ nombre: 'Teclado' })} />);
    const img = screen.getByRole('img', { name: 'Teclado' });
    expect(img).toHaveAttribute('src', '/img/categorias/perifericos.svg');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
