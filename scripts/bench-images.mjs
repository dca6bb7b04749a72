// Sizes of a product photo before and after the upload's processing: a 4000×3000 camera JPEG
// (a demo drawing with sensor-like noise and EXIF with a GPS position) against the stored
// original and each WebP/AVIF variant, and the time the processing took. Run with
// `npm run bench:images`.
import sharp from 'sharp';
import { renderDemoPhoto } from '../apps/api/src/modules/images/demo-photos.ts';
import { processPhoto } from '../apps/api/src/modules/images/image-processing.ts';

const WIDTH = 4000;
const HEIGHT = 3000;

async function cameraJpeg(drawing) {
  const base = await sharp(await renderDemoPhoto(drawing))
    .resize(WIDTH, HEIGHT)
    .toBuffer();
  // A camera's sensor noise: what makes real photos weigh what they weigh.
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  return sharp(base)
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'Camara', Model: 'Telefono de prueba' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 26/1 51/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '70/1 39/1 1/1',
      },
    })
    .toBuffer();
}

const kb = (n) => `${(n / 1024).toFixed(1).padStart(8)} KB`;

for (const drawing of ['mouse-top.svg', 'monitor.svg']) {
  const input = await cameraJpeg(drawing);
  const meta = await sharp(input).metadata();
  const started = performance.now();
  const photo = await processPhoto(input);
  const ms = Math.round(performance.now() - started);
  const stored =
    photo.original.bytes.length + photo.variantes.reduce((n, v) => n + v.bytes.length, 0);
  console.log(
    `\n${drawing}: upload ${meta.width}×${meta.height} JPEG, EXIF ${meta.exif ? `${meta.exif.length} B (with GPS)` : 'none'}`,
  );
  console.log(
    `  ${'upload (camera JPEG)'.padEnd(28)} ${`${meta.width}×${meta.height}`.padStart(10)} ${kb(input.length)}`,
  );
  console.log(
    `  ${`stored original (${photo.original.formato})`.padEnd(28)} ${`${photo.original.ancho}×${photo.original.alto}`.padStart(10)} ${kb(photo.original.bytes.length)}  EXIF: ${(await sharp(photo.original.bytes).metadata()).exif ? 'yes' : 'none'}`,
  );
  for (const v of photo.variantes) {
    console.log(
      `  ${`variant ${v.formato} ${v.ancho}w`.padEnd(28)} ${`${v.ancho}×${v.alto}`.padStart(10)} ${kb(v.bytes.length)}`,
    );
  }
  console.log(
    `  ${'stored in all'.padEnd(28)} ${''.padStart(10)} ${kb(stored)}   processing: ${ms} ms`,
  );
}
