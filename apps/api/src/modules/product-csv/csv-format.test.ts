import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import {
  decodeCsv,
  detectDelimiter,
  formatPrice,
  guardFormula,
  parseActive,
  parsePrice,
  parseSpecs,
  spreadsheetCsvOptions,
  unguardFormula,
} from './csv-format';

describe('prices as people in Chile write them', () => {
  it.each([
    ['$12.990', 12990],
    ['12.990', 12990],
    ['12990', 12990],
    ['$ 1.299.990', 1299990],
    ['12990,5', 12990.5],
    ['12.990,50', 12990.5],
    ['12990.5', 12990.5],
  ])('%s is %d pesos', (text, pesos) => {
    expect(parsePrice(text)).toBe(pesos);
  });

  it.each(['12.99.0', 'doce mil', '-5', '1,2,3', ''])(
    '%s is left for the schema to refuse',
    (text) => {
      expect(parsePrice(text)).toBe(text);
    },
  );

  it('writes whole pesos as digits and cents with a decimal comma', () => {
    expect(formatPrice(12990)).toBe('12990');
    expect(formatPrice(12990.5)).toBe('12990,50');
    expect(parsePrice(formatPrice(12990.5))).toBe(12990.5);
  });
});

describe('the other columns', () => {
  it('reads sí/no in their usual spellings and nothing else', () => {
    expect(['sí', 'SI', 'Sí', '1', 'true', 'x'].map(parseActive)).toEqual(Array(6).fill(true));
    expect(['no', 'NO', '0', 'false'].map(parseActive)).toEqual(Array(4).fill(false));
    expect(parseActive('quizás')).toBeNull();
  });

  it('reads specifications, a value keeping any = after the first', () => {
    expect(parseSpecs('Capacidad=1 TB| Interfaz = NVMe |Nota=a=b|')).toEqual([
      { nombre: 'Capacidad', valor: '1 TB' },
      { nombre: 'Interfaz', valor: 'NVMe' },
      { nombre: 'Nota', valor: 'a=b' },
    ]);
    expect(parseSpecs('')).toEqual([]);
  });

  it('keeps a formula from running in Excel and gives the text back unchanged', () => {
    for (const text of ['=1+1', '+56 9', '-3', '@SUM(A1)']) {
      expect(guardFormula(text)).toBe(`'${text}`);
      expect(unguardFormula(guardFormula(text))).toBe(text);
    }
    expect(guardFormula('Mouse')).toBe('Mouse');
    expect(unguardFormula("'Mouse")).toBe("'Mouse");
  });

  it('guards every line of a cell, whatever its line breaks, and gives it back unchanged', () => {
    const cases: [string, string][] = [
      ["Ana\n=cmd|' /C calc'!A0", "Ana\n'=cmd|' /C calc'!A0"],
      ['a\r\n+1\r-1\n@A1\n\tx', "a\r\n'+1\r'-1\n'@A1\n'\tx"],
      ['\r=x', "'\r'=x"],
      // A blank line in Windows text is a line break, not a CR that starts a line.
      ['uno\r\n\r\ndos', 'uno\r\n\r\ndos'],
    ];
    for (const [text, guarded] of cases) {
      expect(guardFormula(text)).toBe(guarded);
      expect(unguardFormula(guarded)).toBe(text);
    }
  });

  it('writes a cell with a line break quoted, so that it stays one cell of one row', () => {
    const csv = stringify(
      [['A-1', 'Ana\n=1+1', 'x\ry']],
      spreadsheetCsvOptions(['sku', 'nombre', 'nota']),
    );
    expect(csv).toBe('\uFEFFsku;nombre;nota\r\nA-1;"Ana\n\'=1+1";"x\ry"\r\n');
    expect(parse(csv, { bom: true, delimiter: ';' })).toEqual([
      ['sku', 'nombre', 'nota'],
      ['A-1', "Ana\n'=1+1", 'x\ry'],
    ]);
  });
});

describe('the file itself', () => {
  it('takes Windows-1252 when the bytes are not UTF-8 (Excel’s plain CSV)', () => {
    const latin = Uint8Array.from([
      0x50, 0x65, 0x72, 0x69, 0x66, 0xe9, 0x72, 0x69, 0x63, 0x6f, 0x73,
    ]);
    expect(decodeCsv(latin)).toBe('Periféricos');
    expect(decodeCsv(new TextEncoder().encode('Periféricos'))).toBe('Periféricos');
  });

  it('picks the separator the header uses, ignoring quoted text', () => {
    expect(detectDelimiter('\uFEFFsku;nombre;precio\nA;b,c;1')).toBe(';');
    expect(detectDelimiter('sku,nombre,precio\nA,"b;c;d",1')).toBe(',');
    expect(detectDelimiter('"a;b;c",x,y\n')).toBe(',');
    expect(detectDelimiter('sku\nA')).toBe(';');
  });
});
