import type { z } from 'zod';
import { DEFAULT_ALLOWED_EMAIL_DOMAINS } from '../email-domains';
import { buildRecuperarSchema } from './account';
import { buildLoginSchema, buildRegistroSchema } from './auth';
import { buildContactoSchema } from './contact';
import { buildDatosInvitadoSchema, buildPedidoSchema } from './orders';
import { buildSoporteSchema } from './support';
import { buildAdminUsuarioCreateSchema } from './users';

export * from './account';
export * from './auth';
export * from './compatible-parts';
export * from './contact';
export * from './coupons';
export * from './documents';
export * from './fields';
export * from './orders';
export * from './paging';
export * from './pc-builds';
export * from './products';
export * from './records';
export * from './reports';
export * from './sessions';
export * from './setup';
export * from './shipping';
export * from './support';
export * from './tickets';
export * from './users';

/** The schemas whose e-mail rule depends on the configured domains. */
export function buildDomainSchemas(domains: readonly string[] = DEFAULT_ALLOWED_EMAIL_DOMAINS) {
  return {
    registro: buildRegistroSchema(domains),
    login: buildLoginSchema(domains),
    contacto: buildContactoSchema(domains),
    soporte: buildSoporteSchema(domains),
    adminUsuarioCreate: buildAdminUsuarioCreateSchema(domains),
    recuperar: buildRecuperarSchema(domains),
    pedido: buildPedidoSchema(domains),
    datosInvitado: buildDatosInvitadoSchema(domains),
  };
}
export type DomainSchemas = ReturnType<typeof buildDomainSchemas>;

export type RegistroInput = z.input<DomainSchemas['registro']>;
export type Registro = z.output<DomainSchemas['registro']>;
export type LoginInput = z.input<DomainSchemas['login']>;
export type ContactoInput = z.input<DomainSchemas['contacto']>;
export type SoporteInput = z.input<DomainSchemas['soporte']>;
export type Soporte = z.output<DomainSchemas['soporte']>;
export type AdminUsuarioCreateInput = z.input<DomainSchemas['adminUsuarioCreate']>;
export type RecuperarInput = z.input<DomainSchemas['recuperar']>;
export type DatosInvitadoInput = z.input<DomainSchemas['datosInvitado']>;
export type PedidoInput = z.input<DomainSchemas['pedido']>;
export * from './stock-alerts';
