import type { Empresa } from '@nexbyte/shared';
import type { Db } from '../../db/client';
import { upsertCompanyByRut } from './companies.repository';

/**
 * What the invoicing module offers checkout about a customer's companies: the company of a
 * factura is kept in the account (added, or updated by its RUT) in the order's own transaction,
 * so the next order offers it again.
 */
export async function keepOrderCompany(tx: Db, usuarioId: number, empresa: Empresa): Promise<void> {
  await upsertCompanyByRut(tx, usuarioId, empresa);
}
