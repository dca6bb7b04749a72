// Sizes of a product photo before and after the upload's processing: a 4000×3000 camera JPEG
// (a demo drawing with sensor-like noise and EXIF with a GPS position) against the stored
// original and each WebP/AVIF variant, and the time the processing took; then how long a
// 1 × 39,999,999 px PNG (77 KB, under the pixel bound) takes to be refused. Run with
// `npm run bench:images`.
import { crc32, deflateSync } from 'node:zlib';
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

/** One grey column `height` px tall, written by hand: its pixels deflate to almost nothing. */
function tallPng(height) {
  const chunk = (type, data) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([head, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(2 * height))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const tall = tallPng(39_999_999);
const refusals = [];
let answer = '';
for (let run = 0; run < 5; run++) {
  const started = performance.now();
  try {
    await processPhoto(tall);
    answer = 'accepted';
  } catch (err) {
    answer = `${err.statusCode} ${err.message}`;
  }
  refusals.push(performance.now() - started);
}
refusals.sort((a, b) => a - b);
console.log(`\n1×39999999 PNG (${kb(tall.length).trim()}): ${answer}`);
console.log(`  refused in ${refusals[2].toFixed(1)} ms (median of 5)`);
