CREATE TABLE "pedido_eventos" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"de" varchar(20),
	"a" varchar(20) NOT NULL,
	"usuario_id" integer,
	"por" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedido_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"producto_id" integer NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"precio" numeric(12, 2) NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "pedido_items_qty_positiva" CHECK ("pedido_items"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "pedidos" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" varchar(20) GENERATED ALWAYS AS ('NB-' || lpad(id::text, greatest(6, length(id::text)), '0')) STORED NOT NULL,
	"usuario_id" integer,
	"cliente_nombre" varchar(201) NOT NULL,
	"cliente_correo" varchar(100) NOT NULL,
	"cliente_run" varchar(12),
	"cliente_telefono" varchar(20),
	"region" varchar(100) NOT NULL,
	"comuna" varchar(100) NOT NULL,
	"direccion" varchar(200) NOT NULL,
	"metodo_pago" varchar(20) DEFAULT 'TRANSFERENCIA' NOT NULL,
	"cupon" varchar(20),
	"subtotal" numeric(12, 2) NOT NULL,
	"descuento" numeric(12, 2) NOT NULL,
	"envio" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"estado" varchar(20) DEFAULT 'PENDIENTE_PAGO' NOT NULL,
	"idempotency_scope" varchar(110),
	"idempotency_key" varchar(100),
	"request_hash" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"pagado_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedidos_estado_valido" CHECK ("pedidos"."estado" in ('PENDIENTE_PAGO', 'PAGADO', 'ENVIADO', 'ENTREGADO', 'CANCELADO')),
	CONSTRAINT "pedidos_metodo_pago_valido" CHECK ("pedidos"."metodo_pago" in ('TRANSFERENCIA')),
	CONSTRAINT "pedidos_montos_no_negativos" CHECK ("pedidos"."subtotal" >= 0 and "pedidos"."descuento" >= 0 and "pedidos"."envio" >= 0 and "pedidos"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pedido_eventos" ADD CONSTRAINT "pedido_eventos_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_eventos" ADD CONSTRAINT "pedido_eventos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_items" ADD CONSTRAINT "pedido_items_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_items" ADD CONSTRAINT "pedido_items_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pedido_eventos_pedido_idx" ON "pedido_eventos" USING btree ("pedido_id","created_at");--> statement-breakpoint
CREATE INDEX "pedido_items_pedido_idx" ON "pedido_items" USING btree ("pedido_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_numero_idx" ON "pedidos" USING btree ("numero");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_idempotencia_idx" ON "pedidos" USING btree ("idempotency_scope","idempotency_key");--> statement-breakpoint
CREATE INDEX "pedidos_usuario_idx" ON "pedidos" USING btree ("usuario_id","created_at");--> statement-breakpoint
CREATE INDEX "pedidos_estado_idx" ON "pedidos" USING btree ("estado","created_at");--> statement-breakpoint
CREATE INDEX "pedidos_correo_idx" ON "pedidos" USING btree ("cliente_correo");--> statement-breakpoint
CREATE INDEX "pedidos_vencimiento_idx" ON "pedidos" USING btree ("expires_at") WHERE estado = 'PENDIENTE_PAGO';