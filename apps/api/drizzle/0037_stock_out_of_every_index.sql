-- A sale moves a product's stock. While an index named the stock (here, in its predicate), every
-- such update wrote a new entry in each of the table's seventeen indexes, two of them GIN. With
-- none naming it, the update stays on the row's page (a HOT update) and writes no index. The
-- builder's parts of a kind read the stock from the row instead (pc-parts.ts).
DROP INDEX "productos_componente_tipo_idx";--> statement-breakpoint
CREATE INDEX "productos_componente_tipo_idx" ON "productos" USING btree (("componente"->>'tipo'),"precio") WHERE "productos"."componente" is not null and "productos"."activo";
