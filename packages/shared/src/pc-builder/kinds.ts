// The builder's vocabularies: plain values, so a page can use them without loading zod.

/**
 * The kinds of part a PC is built from, in the order the builder asks for them
 * (docs/product.md#arma-tu-pc).
 */
export const TIPOS_COMPONENTE = [
  'PROCESADOR',
  'PLACA_MADRE',
  'MEMORIA',
  'TARJETA_VIDEO',
  'ALMACENAMIENTO',
  'FUENTE',
  'GABINETE',
  'REFRIGERACION',
] as const;
export type TipoComponente = (typeof TIPOS_COMPONENTE)[number];

/** What each kind is called on screen. */
export const TIPO_COMPONENTE_LABEL: Readonly<Record<TipoComponente, string>> = {
  PROCESADOR: 'Procesador',
  PLACA_MADRE: 'Placa madre',
  MEMORIA: 'Memoria',
  TARJETA_VIDEO: 'Tarjeta de video',
  ALMACENAMIENTO: 'Almacenamiento',
  FUENTE: 'Fuente de poder',
  GABINETE: 'Gabinete',
  REFRIGERACION: 'Refrigeración',
};

/** Sockets of current desktop platforms, as the shop names them. */
export const SOCKETS = ['AM4', 'AM5', 'LGA1700', 'LGA1851'] as const;
export type Socket = (typeof SOCKETS)[number];

/** Motherboard form factors, largest first; a case accepting one lists each it takes. */
export const FORMATOS_PLACA = ['E-ATX', 'ATX', 'Micro-ATX', 'Mini-ITX'] as const;
export type FormatoPlaca = (typeof FORMATOS_PLACA)[number];

export const TIPOS_MEMORIA = ['DDR4', 'DDR5'] as const;
export type TipoMemoria = (typeof TIPOS_MEMORIA)[number];

export const INTERFACES_ALMACENAMIENTO = [
  'NVMe PCIe 3.0',
  'NVMe PCIe 4.0',
  'NVMe PCIe 5.0',
  'SATA',
] as const;
export type InterfazAlmacenamiento = (typeof INTERFACES_ALMACENAMIENTO)[number];

/** Storage form factors: an M.2 drive takes one of the board's M.2 slots. */
export const FORMATOS_ALMACENAMIENTO = ['M.2 2280', '2.5"', '3.5"'] as const;
export type FormatoAlmacenamiento = (typeof FORMATOS_ALMACENAMIENTO)[number];

export const CERTIFICACIONES_FUENTE = [
  'Sin certificación',
  '80 PLUS',
  '80 PLUS Bronze',
  '80 PLUS Silver',
  '80 PLUS Gold',
  '80 PLUS Platinum',
  '80 PLUS Titanium',
] as const;
export type CertificacionFuente = (typeof CERTIFICACIONES_FUENTE)[number];

export const TIPOS_REFRIGERACION = ['Aire', 'Líquida'] as const;
export type TipoRefrigeracion = (typeof TIPOS_REFRIGERACION)[number];
