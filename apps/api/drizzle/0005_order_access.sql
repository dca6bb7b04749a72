-- Guest orders open with a random token carried by the e-mailed link, not with their number and
-- e-mail (docs/decisions/006-orders-and-stock.md, 'Who reads an order').
ALTER TABLE "pedidos" ADD COLUMN "invitado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "token_hash" varchar(64);--> statement-breakpoint
-- Which existing orders a guest placed. 'usuario_id is null' alone would count a deleted
-- customer's orders too; their creation event ('cliente: …') and their Idempotency-Key scope
-- ('u:<id>') still tell them apart, so those stay 'false' and only an admin reads them.
UPDATE "pedidos" p SET "invitado" = true
WHERE p."usuario_id" IS NULL
  AND (p."idempotency_scope" IS NULL OR p."idempotency_scope" NOT LIKE 'u:%')
  AND NOT EXISTS (
    SELECT 1 FROM "pedido_eventos" e
    WHERE e."pedido_id" = p."id" AND e."de" IS NULL AND e."por" LIKE 'cliente:%'
  );
