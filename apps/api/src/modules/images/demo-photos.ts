import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Db } from '../../db/client';
import { apiDir } from '../../paths';
import { productIdByName } from '../products/products.service';
import { loadSharp, processPhoto } from './image-processing';
import { countPhotos, insertPhoto } from './images.repository';

/**
 * The demo catalogue's photos: drawings kept in the repository (demo-photos/*.svg), rendered as
 * a camera would hand them over (a JPEG) and stored through the same steps as an upload. No
 * image comes from outside the repository.
 */
export const DEMO_PHOTOS: { producto: string; fotos: { archivo: string; alt: string }[] }[] = [
  {
    producto: 'Mouse Logitech G203 Lightsync',
    fotos: [
      { archivo: 'mouse-top.svg', alt: 'Mouse gamer negro visto desde arriba, con luz RGB' },
      { archivo: 'mouse-side.svg', alt: 'Perfil del mouse con su franja de luz RGB' },
    ],
  },
  {
    producto: 'Teclado mecánico Redragon Kumara K552',
    fotos: [{ archivo: 'keyboard.svg', alt: 'Teclado mecánico TKL con retroiluminación roja' }],
  },
  {
    producto: 'SSD Kingston NV2 1 TB NVMe',
    fotos: [{ archivo: 'ssd.svg', alt: 'SSD M.2 NVMe de 1 TB sobre fondo claro' }],
  },
  {
    producto: 'Monitor LG UltraGear 27" 144 Hz',
    fotos: [
      { archivo: 'monitor.svg', alt: 'Monitor de 27 pulgadas encendido sobre un escritorio' },
    ],
  },
];

const folder = pathToFileURL(path.join(apiDir, 'src/modules/images/demo-photos/'));

/** Renders a drawing as a 1600×1200 JPEG, like a photo taken for the shop. */
export async function renderDemoPhoto(archivo: string): Promise<Buffer> {
  const [svg, sharp] = await Promise.all([readFile(new URL(archivo, folder)), loadSharp()]);
  return sharp(svg).jpeg({ quality: 90 }).toBuffer();
}

/**
 * Gives the demo products their photos, once: a product that has any is left alone. Run after
 * the demo data is loaded; a missing product (renamed demo data) is skipped.
 */
export async function attachDemoPhotos(db: Db): Promise<number> {
  let attached = 0;
  for (const { producto, fotos } of DEMO_PHOTOS) {
    const id = await productIdByName(db, producto);
    if (id === null || (await countPhotos(db, id)) > 0) continue;
    for (const { archivo, alt } of fotos) {
      const photo = await processPhoto(await renderDemoPhoto(archivo));
      await insertPhoto(db, id, photo, alt);
      attached++;
    }
  }
  return attached;
}
