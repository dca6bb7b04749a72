import { CSV_PRODUCT_COLUMNS, type InformeImportacion } from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productos } from '../products/products.schema';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';

// The `componente` column: a PC part's typed specification in the CSV, both ways (decision 034).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BOM = '\uFEFF';
const HEADER = 'sku;nombre;categoria;precio;stock;componente';

const report = async (csv: string, query = '') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/productos/importar${query}`,
    headers: { ...bearer(t.adminToken), 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InformeImportacion>();
};

const componenteOf = async (sku: string) => {
  const [row] = await t.app.db
    .select({ componente: productos.componente })
    .from(productos)
    .where(eq(productos.sku, sku));
  return row?.componente;
};

const exported = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/productos/exportar.csv',
    headers: bearer(t.adminToken),
  });
  expect(res.statusCode).toBe(200);
  return res.body.replace(BOM, '');
};

describe('columna componente del CSV de productos', () => {
  it('la exportación escribe la especificación tipada y la importación la relee sin cambios', async () => {
    const csv = await exported();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]!.split(';')).toEqual([...CSV_PRODUCT_COLUMNS]);
    const ryzen = lines.find((l) => l.startsWith('AMD-R5-7600;'));
    expect(ryzen).toContain('tipo=PROCESADOR|socket=AM5|nucleos=6|tdpW=88|graficosIntegrados=sí');
    const cooler = lines.find((l) => l.startsWith('TR-PA120SE;'));
    expect(cooler).toMatch(/tipo=REFRIGERACION\|refrigeracion=Aire\|socketsCompatibles=AM4,AM5,/);

    const back = await report(csv, '?simular=1');
    expect(back.errores).toBe(0);
    expect(back.sinCambios).toBe(back.total);
  });

  it('crea un componente con números con unidad, sí/no, listas y el tipo por su nombre', async () => {
    const informe = await report(
      [
        HEADER,
        'CSV-CPU-1;Procesador de prueba;Componentes;100000;3;tipo=Procesador|socket=am5|nucleos=8|tdpW=120 W|graficosIntegrados=no',
        'CSV-COOL-1;Cooler de prueba;Componentes;30000;2;tipo=REFRIGERACION|refrigeracion=aire|socketsCompatibles=AM4, LGA1700|alturaMm=155|consumoW=3',
        'CSV-MOUSE-1;Mouse de prueba;Componentes;9990;5;',
      ].join('\n'),
    );
    expect(informe.errores, JSON.stringify(informe.filas)).toBe(0);
    expect(await componenteOf('CSV-CPU-1')).toEqual({
      tipo: 'PROCESADOR',
      socket: 'AM5',
      nucleos: 8,
      tdpW: 120,
      graficosIntegrados: false,
    });
    expect(await componenteOf('CSV-COOL-1')).toEqual({
      tipo: 'REFRIGERACION',
      refrigeracion: 'Aire',
      socketsCompatibles: ['AM4', 'LGA1700'],
      alturaMm: 155,
      consumoW: 3,
    });
    expect(await componenteOf('CSV-MOUSE-1')).toBeNull();
  });

  it('sin la columna conserva la especificación; con la celda vacía la quita', async () => {
    await report(
      `${HEADER}\nCSV-PSU-1;Fuente de prueba;Componentes;50000;4;tipo=FUENTE|potenciaW=650`,
    );
    await report('sku;precio\nCSV-PSU-1;49990');
    expect(await componenteOf('CSV-PSU-1')).toEqual({ tipo: 'FUENTE', potenciaW: 650 });
    await report('sku;componente\nCSV-PSU-1;');
    expect(await componenteOf('CSV-PSU-1')).toBeNull();
  });

  it.each([
    [
      'un socket desconocido',
      'tipo=PROCESADOR|socket=AM3',
      'Componente, Socket: Elige una de las opciones.',
    ],
    [
      'una potencia que no es número',
      'tipo=FUENTE|potenciaW=mucha',
      'Componente, Potencia: Debe ser un número entero mayor que 0.',
    ],
    [
      'un valor que el tipo no tiene',
      'tipo=MEMORIA|socket=AM5',
      'Componente: «socket» no es un valor de memoria.',
    ],
    [
      'sin tipo',
      'socket=AM5',
      'Componente: indica tipo=… con uno de PROCESADOR, PLACA_MADRE, MEMORIA, TARJETA_VIDEO, ALMACENAMIENTO, FUENTE, GABINETE, REFRIGERACION.',
    ],
    [
      'un valor vacío',
      'tipo=GABINETE|formatos=',
      'Componente: «formatos» necesita un valor (formatos=…).',
    ],
  ])('rechaza la fila con %s, en español, y no la escribe', async (_caso, celda, motivo) => {
    const informe = await report(`${HEADER}\nCSV-MAL-1;Malo;Componentes;1000;1;${celda}`);
    expect(informe.filas).toEqual([{ fila: 2, sku: 'CSV-MAL-1', resultado: 'error', motivo }]);
    expect(informe.aplicada).toBe(false);
    expect(await componenteOf('CSV-MAL-1')).toBeUndefined();
  });
});
