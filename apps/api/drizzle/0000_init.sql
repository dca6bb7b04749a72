CREATE TABLE "app_meta" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categorias" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	CONSTRAINT "categorias_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "contactos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"email" varchar(100) NOT NULL,
	"mensaje" varchar(500) NOT NULL,
	"fecha_envio" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "productos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"descripcion" text,
	"precio" numeric(12, 2) NOT NULL,
	"imagen" varchar(500),
	"stock" integer DEFAULT 0 NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"categoria_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productos_stock_no_negativo" CHECK ("productos"."stock" >= 0),
	CONSTRAINT "productos_precio_no_negativo" CHECK ("productos"."precio" >= 0)
);
--> statement-breakpoint
CREATE TABLE "solicitudes_soporte" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"nombre_cliente" varchar(100) NOT NULL,
	"email_cliente" varchar(100) NOT NULL,
	"telefono_cliente" varchar(20),
	"region" varchar(100) NOT NULL,
	"comuna" varchar(100) NOT NULL,
	"direccion" varchar(200),
	"equipo" varchar(20) NOT NULL,
	"prioridad" varchar(10) NOT NULL,
	"servicios_requeridos" jsonb NOT NULL,
	"descripcion_problema" varchar(600) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"run" varchar(12) NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"apellidos" varchar(100) NOT NULL,
	"correo" varchar(100) NOT NULL,
	"pass_hash" text NOT NULL,
	"role" varchar(10) DEFAULT 'CLIENT' NOT NULL,
	"telefono" varchar(20),
	"region" varchar(100) NOT NULL,
	"comuna" varchar(100) NOT NULL,
	"direccion" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuarios_run_unique" UNIQUE("run"),
	CONSTRAINT "usuarios_correo_unique" UNIQUE("correo"),
	CONSTRAINT "usuarios_role_valido" CHECK ("usuarios"."role" in ('ADMIN', 'VENDOR', 'CLIENT'))
);
--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "productos_categoria_idx" ON "productos" USING btree ("categoria_id");--> statement-breakpoint
CREATE INDEX "productos_activo_created_idx" ON "productos" USING btree ("activo","created_at");