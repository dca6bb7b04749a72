// The auth module's tables: only this module reads and writes them (decision 011).
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '../users/users.schema';

/**
 * Password-recovery links. Only the SHA-256 of the token is kept, so reading this table does not
 * give anyone a working link. A newer request deletes the older ones of the same user.
 */
export const recuperacionesPassword = pgTable(
  'recuperaciones_password',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recuperaciones_password_usuario_idx').on(t.usuarioId)],
);

/**
 * A user's authenticator app (TOTP, decision 015), owned by the auth module. The secret is set at
 * enrolment and counts once `activadoAt` is set by a first right code; `ultimoPaso` is the time
 * step of the last code accepted, so one code cannot be used twice.
 */
export const totpUsuarios = pgTable('totp_usuarios', {
  usuarioId: integer('usuario_id')
    .primaryKey()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  secreto: text('secreto').notNull(),
  activadoAt: timestamp('activado_at', { withTimezone: true }),
  ultimoPaso: integer('ultimo_paso'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes for TOTP: only their SHA-256 is kept. */
export const codigosRecuperacionTotp = pgTable(
  'codigos_recuperacion_totp',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    codigoHash: varchar('codigo_hash', { length: 64 }).notNull(),
    usadoAt: timestamp('usado_at', { withTimezone: true }),
  },
  (t) => [index('codigos_recuperacion_totp_usuario_idx').on(t.usuarioId)],
);
