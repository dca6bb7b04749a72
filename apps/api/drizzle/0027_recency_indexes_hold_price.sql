-- A list by recency filtered by a price range (decision 031) tests the price in the recency
-- index itself: an index-only scan reads on, and a deep page skips its entries, without visiting
-- a row of the table for each one.
CREATE INDEX "productos_activo_recientes_precio_idx" ON "productos"
  USING btree ("activo", "created_at" DESC, "id" DESC) INCLUDE ("precio");
--> statement-breakpoint
DROP INDEX "productos_activo_recientes_idx";
--> statement-breakpoint
CREATE INDEX "productos_categoria_activo_recientes_precio_idx" ON "productos"
  USING btree ("categoria_id", "activo", "created_at" DESC, "id" DESC) INCLUDE ("precio");
--> statement-breakpoint
DROP INDEX "productos_categoria_activo_recientes_idx";
--> statement-breakpoint
CREATE INDEX "productos_recientes_precio_idx" ON "productos"
  USING btree ("created_at" DESC, "id" DESC) INCLUDE ("precio");
--> statement-breakpoint
DROP INDEX "productos_recientes_idx";
