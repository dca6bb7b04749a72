import { z } from 'zod';
import { formatRun, isValidRun, normalizeRun } from '../run';
import {
  CLASES_DOCUMENTO,
  ESTADOS_DOCUMENTO,
  NOMBRES_DOCUMENTO,
  TIPOS_DOCUMENTO,
  type ClaseDocumento,
  type TipoDocumento,
} from '../tax-documents';
import { ADDRESS_MAX } from './auth';
import { comunaField, comunaInRegion, regionField, requiredText } from './fields';

// Tax documents: the company a factura is made out to (asked at checkout, kept in /cuenta), the
// document an order asks for, and the documents as the API answers them.

export const RAZON_SOCIAL_MAX = 100;
export const GIRO_MAX = 80;

export const DOCUMENT_MESSAGES = {
  tipo: 'Elige boleta o factura.',
  rut: 'Ingresa un RUT de empresa válido (ej: 76.123.456-0).',
  razonSocial: 'Ingresa la razón social.',
  giro: 'Ingresa el giro de la empresa.',
  direccion: 'Ingresa la dirección de la empresa.',
  region: 'Selecciona la región de la empresa.',
  comuna: 'Selecciona una comuna de esa región.',
  empresaRepetida: 'Ya tienes guardada una empresa con ese RUT.',
  empresaNoEncontrada: 'Empresa no encontrada.',
} as const;

const d = DOCUMENT_MESSAGES;

/** A company's RUT, checked with its módulo 11 digit and stored as '76123456-0'. */
export const rutEmpresaField = z
  .string({ error: d.rut })
  .trim()
  .max(14, { error: d.rut })
  .refine(isValidRun, { error: d.rut })
  .transform(normalizeRun);

/** Who a factura is made out to. */
export const empresaSchema = comunaInRegion(
  z.object({
    rut: rutEmpresaField,
    razonSocial: requiredText(d.razonSocial, { min: 2, max: RAZON_SOCIAL_MAX }),
    giro: requiredText(d.giro, { min: 2, max: GIRO_MAX }),
    direccion: requiredText(d.direccion, { min: 3, max: ADDRESS_MAX }),
    region: regionField(d.region),
    comuna: comunaField(d.comuna),
  }),
  d.comuna,
);
export type EmpresaInput = z.input<typeof empresaSchema>;
export type Empresa = z.output<typeof empresaSchema>;

/** A company saved in /cuenta. */
export const empresaGuardadaSchema = z.object({
  id: z.number().int(),
  rut: z.string(),
  razonSocial: z.string(),
  giro: z.string(),
  direccion: z.string(),
  region: z.string(),
  comuna: z.string(),
});
export type EmpresaGuardada = z.infer<typeof empresaGuardadaSchema>;

/**
 * The document an order asks for: a boleta (the default, nothing else needed) or a factura made
 * out to a company.
 */
export const documentoSolicitadoSchema = z.discriminatedUnion(
  'tipo',
  [
    z.object({ tipo: z.literal('BOLETA') }),
    z.object({ tipo: z.literal('FACTURA'), empresa: empresaSchema }),
  ],
  { error: d.tipo },
);
export type DocumentoSolicitadoInput = z.input<typeof documentoSolicitadoSchema>;
export type DocumentoSolicitado = z.output<typeof documentoSolicitadoSchema>;

export const tipoDocumentoField = z.enum(TIPOS_DOCUMENTO, { error: d.tipo });

/** The checkout form's part that asks for the document, added to the buyer's own fields. */
export const documentoFormSchema = z.object({ documento: documentoSolicitadoSchema });

/**
 * The document an order will get, as its page and e-mails say it: 'Boleta electrónica', or
 * 'Factura electrónica a Hardware del Sur SpA (RUT 76.123.456-0)'.
 */
export function documentoSolicitadoText(
  tipo: TipoDocumento,
  empresa: { razonSocial: string; rut: string } | null,
): string {
  if (tipo === 'BOLETA' || !empresa) return NOMBRES_DOCUMENTO.BOLETA;
  return `${NOMBRES_DOCUMENTO.FACTURA} a ${empresa.razonSocial} (RUT ${formatRun(empresa.rut)})`;
}

/** A document the shop issued (or will issue) for an order, as the order's pages show it. */
export const documentoTributarioSchema = z.object({
  id: z.number().int(),
  clase: z.enum(CLASES_DOCUMENTO as [ClaseDocumento, ...ClaseDocumento[]]),
  /** The SII's code: 39, 33 or 61. */
  codigoSii: z.number().int(),
  estado: z.enum(ESTADOS_DOCUMENTO),
  folio: z.number().int().nullable(),
  /** 'Boleta electrónica N° 123'. */
  etiqueta: z.string(),
  pdfUrl: z.string().nullable(),
  neto: z.number(),
  iva: z.number(),
  exento: z.number(),
  total: z.number(),
  emitidoAt: z.string().nullable(),
  /** The folio of the document a credit note cancels. */
  referenciaFolio: z.number().int().nullable(),
  /** Admin only: the provider's reason in Spanish when it refused, attempts, ids. */
  motivo: z.string().nullable().optional(),
  intentos: z.number().int().optional(),
  proveedorId: z.string().nullable().optional(),
  trackId: z.string().nullable().optional(),
});
export type DocumentoTributario = z.infer<typeof documentoTributarioSchema>;

/** One row of the sales register (libro de ventas), as the admin's screen and CSV list it. */
export const filaLibroVentasSchema = z.object({
  codigoSii: z.number().int(),
  tipo: z.string(),
  folio: z.number().int(),
  fecha: z.string(),
  rutReceptor: z.string(),
  nombreReceptor: z.string(),
  neto: z.number(),
  iva: z.number(),
  exento: z.number(),
  total: z.number(),
  /** 'Boleta electrónica N° 120' for a credit note; null otherwise. */
  referencia: z.string().nullable(),
  pedido: z.string(),
});
export type FilaLibroVentas = z.infer<typeof filaLibroVentasSchema>;

export const libroVentasQuerySchema = z.object({
  desde: z.iso.date({ error: 'Fecha inválida: usa AAAA-MM-DD.' }),
  hasta: z.iso.date({ error: 'Fecha inválida: usa AAAA-MM-DD.' }),
});
