CREATE TABLE "documentos_tributarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"clase" varchar(15) NOT NULL,
	"codigo_sii" integer NOT NULL,
	"estado" varchar(12) DEFAULT 'PENDIENTE' NOT NULL,
	"clave_idempotencia" varchar(64) NOT NULL,
	"folio" integer,
	"proveedor_id" varchar(120),
	"pdf_url" text,
	"track_id" varchar(120),
	"motivo" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"referencia_id" integer,
	"receptor_rut" varchar(12) NOT NULL,
	"receptor_nombre" varchar(201) NOT NULL,
	"neto" numeric(12, 2) NOT NULL,
	"iva" numeric(12, 2) NOT NULL,
	"exento" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"emitido_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documentos_clase_valida" CHECK ("documentos_tributarios"."clase" in ('BOLETA', 'FACTURA', 'NOTA_CREDITO')),
	CONSTRAINT "documentos_estado_valido" CHECK ("documentos_tributarios"."estado" in ('PENDIENTE', 'EMITIDO', 'RECHAZADO', 'ANULADO'))
);
--> statement-breakpoint
CREATE TABLE "empresas_cliente" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"rut" varchar(12) NOT NULL,
	"razon_social" varchar(100) NOT NULL,
	"giro" varchar(80) NOT NULL,
	"direccion" varchar(200) NOT NULL,
	"region" varchar(100) NOT NULL,
	"comuna" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "documento_tipo" varchar(10) DEFAULT 'BOLETA' NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "factura_empresa" jsonb;--> statement-breakpoint
ALTER TABLE "documentos_tributarios" ADD CONSTRAINT "documentos_tributarios_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_tributarios" ADD CONSTRAINT "documentos_tributarios_referencia_id_documentos_tributarios_id_fk" FOREIGN KEY ("referencia_id") REFERENCES "public"."documentos_tributarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresas_cliente" ADD CONSTRAINT "empresas_cliente_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documentos_pedido_clase_idx" ON "documentos_tributarios" USING btree ("pedido_id","clase");--> statement-breakpoint
CREATE UNIQUE INDEX "documentos_clave_idx" ON "documentos_tributarios" USING btree ("clave_idempotencia");--> statement-breakpoint
CREATE UNIQUE INDEX "documentos_folio_idx" ON "documentos_tributarios" USING btree ("codigo_sii","folio") WHERE folio IS NOT NULL;--> statement-breakpoint
CREATE INDEX "documentos_emitido_idx" ON "documentos_tributarios" USING btree ("emitido_at") WHERE emitido_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "documentos_estado_idx" ON "documentos_tributarios" USING btree ("estado","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "empresas_cliente_usuario_rut_idx" ON "empresas_cliente" USING btree ("usuario_id","rut");--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_documento_valido" CHECK (("pedidos"."documento_tipo" = 'BOLETA' and "pedidos"."factura_empresa" is null) or ("pedidos"."documento_tipo" = 'FACTURA' and "pedidos"."factura_empresa" is not null));