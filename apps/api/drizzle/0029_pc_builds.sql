-- Saved 'Arma tu PC' builds (decision 033), and the index a builder's step reads: the parts of
-- one kind a shopper can buy, by price.
CREATE TABLE "armados" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(24) NOT NULL,
	"usuario_id" integer,
	"piezas" jsonb NOT NULL,
	"titulo_recomendado" varchar(80),
	"recomendado_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "armados_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
ALTER TABLE "armados" ADD CONSTRAINT "armados_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "armados_usuario_idx" ON "armados" USING btree ("usuario_id","created_at");--> statement-breakpoint
CREATE INDEX "armados_recomendados_idx" ON "armados" USING btree ("recomendado_en") WHERE "armados"."titulo_recomendado" is not null;--> statement-breakpoint
CREATE INDEX "productos_componente_tipo_idx" ON "productos" USING btree (("componente"->>'tipo'),"precio") WHERE "productos"."componente" is not null and "productos"."activo" and "productos"."stock" > 0;--> statement-breakpoint
-- A build published, withdrawn or deleted changes pages every shopper is served (/arma-tu-pc and
-- the build's own page): announce it like a catalogue change (migration 0004). Saving a new one
-- changes nothing anyone has seen.
CREATE TRIGGER armados_catalogo_cambio AFTER UPDATE OR DELETE ON armados
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogo_cambio();
