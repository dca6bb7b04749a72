import type { Page } from '@playwright/test';
import { ADMIN, expect, expectNoA11yViolations, logIn, test } from './fixtures';

// The desktop and the mobile run share one database: every SKU carries the project's name and
// the time, so the second run creates its own products. Their brand, names and categories are
// their own too, so the catalogue's other tests (searches, facet counts) never meet them.

const HEADER = 'sku;nombre;marca;categoria;precio;stock;activo;descripcion;especificaciones';

/** A file as Excel in Chile saves it: UTF-8 with BOM, ';', prices with '$' and thousands dots. */
function excelCsv(stamp: string) {
  const rows = [
    HEADER,
    `E2E-${stamp}-1;Importado uno ${stamp};Marca E2E;Redes;$54.990;7;sí;Probado a mano;Capacidad=1 TB|Interfaz=NVMe`,
    `E2E-${stamp}-2;Importado dos ${stamp};Marca E2E;Teclados gamer;$29.990;3;sí;;`,
    `E2E-${stamp}-3;Importado tres ${stamp};Marca E2E;Redes;12.990;9;sí;;`,
  ];
  return Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`, 'utf8');
}

/** axe once nothing moves (a toast fading in is briefly low-contrast text). */
async function expectAccessible(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await expectNoA11yViolations(page);
}

test('un admin importa un CSV con una fila mala, lee el informe y luego importa las válidas', async ({
  page,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`.toUpperCase();
  await logIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/productos');
  await page.getByRole('link', { name: 'Importar o exportar CSV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar productos' })).toBeVisible();
  await expectAccessible(page);

  await page
    .getByLabel('Archivo CSV')
    .setInputFiles({ name: 'productos.csv', mimeType: 'text/csv', buffer: excelCsv(stamp) });
  await page.getByRole('button', { name: 'Importar', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Resultado de la importación' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'No se importó nada: hay 1 fila con errores.',
  );
  const table = page.getByRole('table', { name: 'Resultado por fila' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toContainText(`E2E-${stamp}-2`);
  await expect(firstRow).toContainText('La categoría «Teclados gamer» no existe.');
  await expect(table.getByRole('row').nth(2)).toContainText('Nueva');
  await expectAccessible(page);

  await page
    .getByRole('checkbox', { name: 'Importar las filas válidas aunque otras tengan errores' })
    .check();
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(
    page.getByText(
      'Importación lista: 2 productos nuevos y 0 actualizados. No se importó 1 fila con errores.',
    ),
  ).toBeVisible();

  // The products are in the catalogue as written, '$54.990' read as 54990 pesos.
  const answer = await page.request.get(
    `/api/productos?q=${encodeURIComponent(`Importado uno ${stamp}`)}`,
  );
  const [first] = (await answer.json()) as { nombre: string; precio: number; sku: string }[];
  expect(first).toMatchObject({ precio: 54990, sku: `E2E-${stamp}-1` });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^productos-\d{4}-\d\d-\d\d\.csv$/);
});

test('un archivo grande se revisa en el servidor: la barra muestra las filas revisadas y luego el informe', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`.toUpperCase();
  // Over 1 MB (IMPORT_SYNC_MAX_BYTES): the server answers 202 and the screen follows the job. A
  // dry run, so the catalogue the other tests read stays as it was.
  const rows = [HEADER];
  for (let i = 0; rows.join('\r\n').length < 1_200_000 && i < 20_000; i += 1) {
    rows.push(
      `E2E-${stamp}-G${i};Importado grande ${i};Marca E2E;Redes;$${(10_000 + i).toLocaleString('es-CL')};1;sí;Fila de un archivo grande para ver su avance.;Capacidad=1 TB`,
    );
  }
  await logIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/productos/importar');
  await page.getByLabel('Archivo CSV').setInputFiles({
    name: 'grande.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`, 'utf8'),
  });
  await page.getByRole('button', { name: 'Simular' }).click();
  await expect(
    page.getByText(/^Revisando filas: [\d.]+ filas? revisadas? \(\d+ %\)$/),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Resultado de la simulación' })).toBeVisible({
    timeout: 150_000,
  });
  await expect(
    page.getByText('Simulación: no se guardó nada. Todas las filas son válidas.'),
  ).toBeVisible();
  const total = (rows.length - 1).toLocaleString('es-CL');
  await expect(page.getByRole('definition').first()).toHaveText(total);
});
