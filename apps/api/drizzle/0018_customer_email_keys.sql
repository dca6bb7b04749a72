-- One person's limits count under one form of their e-mail (apps/api/src/customer-email.ts): lower
-- case, the local part cut at its first '+', and at gmail.com / googlemail.com without dots and as
-- gmail.com. A coupon's uses keep the buyer's RUN too, so a guest is counted by it as well. Rows
-- written before this migration are backfilled below with the same rule.
ALTER TABLE "cupon_usos" ADD COLUMN "correo_normalizado" varchar(100);--> statement-breakpoint
ALTER TABLE "cupon_usos" ADD COLUMN "run" varchar(12);--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "correo_normalizado" varchar(100);--> statement-breakpoint
-- A guest may ask for their order's link again a few times an hour (POST /pedidos/{numero}/enlace).
ALTER TABLE "pedidos" ADD COLUMN "enlaces_enviados" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "enlaces_desde" timestamp with time zone;--> statement-breakpoint
UPDATE "pedidos" p SET "correo_normalizado" = (
  SELECT CASE WHEN a.domain IN ('gmail.com', 'googlemail.com')
    THEN replace(a.local, '.', '') || '@gmail.com'
    ELSE a.local || '@' || a.domain END
  FROM (
    SELECT split_part(substring(e.address FROM '^(.*)@[^@]*$'), '+', 1) AS local,
           substring(e.address FROM '@([^@]*)$') AS domain
    FROM (SELECT lower(btrim(p."cliente_correo")) AS address) e
  ) a
);--> statement-breakpoint
UPDATE "pedidos" SET "correo_normalizado" = lower(btrim("cliente_correo"))
WHERE "correo_normalizado" IS NULL;--> statement-breakpoint
UPDATE "cupon_usos" u SET "correo_normalizado" = (
  SELECT CASE WHEN a.domain IN ('gmail.com', 'googlemail.com')
    THEN replace(a.local, '.', '') || '@gmail.com'
    ELSE a.local || '@' || a.domain END
  FROM (
    SELECT split_part(substring(e.address FROM '^(.*)@[^@]*$'), '+', 1) AS local,
           substring(e.address FROM '@([^@]*)$') AS domain
    FROM (SELECT lower(btrim(u."correo")) AS address) e
  ) a
), "run" = (SELECT p."cliente_run" FROM "pedidos" p WHERE p."id" = u."pedido_id");--> statement-breakpoint
UPDATE "cupon_usos" SET "correo_normalizado" = lower(btrim("correo"))
WHERE "correo_normalizado" IS NULL;--> statement-breakpoint
ALTER TABLE "cupon_usos" ALTER COLUMN "correo_normalizado" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ALTER COLUMN "correo_normalizado" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "cupon_usos_cupon_correo_normalizado_idx" ON "cupon_usos" USING btree ("cupon_id","correo_normalizado");--> statement-breakpoint
CREATE INDEX "cupon_usos_cupon_run_idx" ON "cupon_usos" USING btree ("cupon_id","run");--> statement-breakpoint
CREATE INDEX "pedidos_invitado_impago_idx" ON "pedidos" USING btree ("correo_normalizado") WHERE invitado AND estado = 'PENDIENTE_PAGO';
