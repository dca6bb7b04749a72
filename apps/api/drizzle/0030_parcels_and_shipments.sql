CREATE TABLE "envios" (
	"pedido_id" integer PRIMARY KEY NOT NULL,
	"origen" varchar(15) NOT NULL,
	"transportista" varchar(60),
	"servicio_codigo" varchar(20),
	"servicio_nombre" varchar(100),
	"precio" numeric(12, 2) NOT NULL,
	"llega_estimada" varchar(10),
	"cobertura" varchar(20),
	"peso_kg" numeric(8, 3) NOT NULL,
	"largo_cm" numeric(6, 1) NOT NULL,
	"ancho_cm" numeric(6, 1) NOT NULL,
	"alto_cm" numeric(6, 1) NOT NULL,
	"numero_ot" varchar(40),
	"etiqueta_pdf" "bytea",
	"seguimiento_url" varchar(300),
	"estado_transportista" varchar(60),
	"eventos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creado_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_at" timestamp with time zone,
	"entregado_at" timestamp with time zone,
	"consultado_at" timestamp with time zone,
	CONSTRAINT "envios_origen_valido" CHECK ("envios"."origen" in ('TRANSPORTISTA', 'TABLA')),
	CONSTRAINT "envios_precio_no_negativo" CHECK ("envios"."precio" >= 0)
);
--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "peso_kg" numeric(7, 3);--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "largo_cm" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "ancho_cm" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "alto_cm" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "envios" ADD CONSTRAINT "envios_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "envios_numero_ot_idx" ON "envios" USING btree ("transportista","numero_ot") WHERE numero_ot IS NOT NULL;--> statement-breakpoint
CREATE INDEX "envios_en_camino_idx" ON "envios" USING btree ("enviado_at") WHERE numero_ot IS NOT NULL AND entregado_at IS NULL;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_medidas_positivas" CHECK (("productos"."peso_kg" IS NULL OR "productos"."peso_kg" > 0) AND ("productos"."largo_cm" IS NULL OR "productos"."largo_cm" > 0) AND ("productos"."ancho_cm" IS NULL OR "productos"."ancho_cm" > 0) AND ("productos"."alto_cm" IS NULL OR "productos"."alto_cm" > 0));