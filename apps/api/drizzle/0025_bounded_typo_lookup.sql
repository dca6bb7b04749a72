-- Typo correction looks for close words among the vocabulary's words of letters only (decision
-- 031): a typed term with a digit (a number, a model code, a SKU) is never corrected, so the
-- trigram index leaves out the catalogue's numbers and codes (one SKU number per product: at
-- 100,000 products nine words in ten), whose trigrams ('000', ' 1') have posting lists as long
-- as the catalogue. What is left grows with the shop's language, not with its products.
CREATE INDEX "busqueda_palabras_letras_trgm_idx" ON "busqueda_palabras"
  USING gin ("palabra" gin_trgm_ops) WHERE "palabra" !~ '[0-9]';
--> statement-breakpoint
DROP INDEX "busqueda_palabras_trgm_idx";
