CREATE TABLE "pago_eventos" (
	"id" serial PRIMARY KEY NOT NULL,
	"pago_id" integer NOT NULL,
	"tipo" varchar(30) NOT NULL,
	"por" text NOT NULL,
	"respuesta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagos" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"proveedor" varchar(20) NOT NULL,
	"token" varchar(64) NOT NULL,
	"url" varchar(255) NOT NULL,
	"orden_compra" varchar(26) NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"estado" varchar(20) DEFAULT 'PENDIENTE' NOT NULL,
	"codigo_autorizacion" varchar(12),
	"ultimos4" varchar(4),
	"tipo_pago" varchar(4),
	"cuotas" smallint,
	"codigo_respuesta" integer,
	"monto_autorizado" numeric(12, 2),
	"autorizado_at" timestamp with time zone,
	"motivo" text,
	"reembolso_tipo" varchar(10),
	"reembolso_monto" numeric(12, 2),
	"reembolsado_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagos_estado_valido" CHECK ("pagos"."estado" in ('PENDIENTE', 'PAGADO', 'RECHAZADO', 'ANULADO', 'REEMBOLSADO')),
	CONSTRAINT "pagos_reembolso_tipo_valido" CHECK ("pagos"."reembolso_tipo" in ('REVERSA', 'ANULACION'))
);
--> statement-breakpoint
ALTER TABLE "pedidos" DROP CONSTRAINT "pedidos_metodo_pago_valido";--> statement-breakpoint
ALTER TABLE "pedidos" DROP CONSTRAINT "pedidos_montos_no_negativos";--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "descuento_pago" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "pago_eventos" ADD CONSTRAINT "pago_eventos_pago_id_pagos_id_fk" FOREIGN KEY ("pago_id") REFERENCES "public"."pagos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pago_eventos_pago_idx" ON "pago_eventos" USING btree ("pago_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_token_idx" ON "pagos" USING btree ("proveedor","token");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_orden_compra_idx" ON "pagos" USING btree ("proveedor","orden_compra");--> statement-breakpoint
CREATE INDEX "pagos_pedido_idx" ON "pagos" USING btree ("pedido_id","id");--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_metodo_pago_valido" CHECK ("pedidos"."metodo_pago" in ('WEBPAY', 'TRANSFERENCIA'));--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_montos_no_negativos" CHECK ("pedidos"."subtotal" >= 0 and "pedidos"."descuento" >= 0 and "pedidos"."descuento_pago" >= 0 and "pedidos"."envio" >= 0 and "pedidos"."total" >= 0);