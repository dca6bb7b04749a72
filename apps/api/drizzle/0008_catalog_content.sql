CREATE TABLE "producto_imagen_variantes" (
	"id" serial PRIMARY KEY NOT NULL,
	"imagen_id" integer NOT NULL,
	"formato" varchar(10) NOT NULL,
	"ancho" integer NOT NULL,
	"alto" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "producto_imagen_variantes_unica" UNIQUE("imagen_id","formato","ancho")
);
--> statement-breakpoint
CREATE TABLE "producto_imagenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"producto_id" integer NOT NULL,
	"posicion" integer DEFAULT 0 NOT NULL,
	"alt" varchar(200) DEFAULT '' NOT NULL,
	"formato" varchar(10) NOT NULL,
	"ancho" integer NOT NULL,
	"alto" integer NOT NULL,
	"huella" varchar(32) NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categorias" ADD COLUMN "imagen" varchar(500);--> statement-breakpoint
ALTER TABLE "categorias" ADD COLUMN "activo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "marca" varchar(60);--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "sku" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "productos" SET "sku" = 'NB-' || lpad("id"::text, 6, '0');--> statement-breakpoint
CREATE FUNCTION "productos_sku_por_defecto"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sku IS NULL OR btrim(NEW.sku) = '' THEN
    NEW.sku := 'NB-' || lpad(NEW.id::text, 6, '0');
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "productos_sku_por_defecto" BEFORE INSERT OR UPDATE OF "sku" ON "productos"
  FOR EACH ROW EXECUTE FUNCTION "productos_sku_por_defecto"();--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "especificaciones" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "producto_imagen_variantes" ADD CONSTRAINT "producto_imagen_variantes_imagen_id_producto_imagenes_id_fk" FOREIGN KEY ("imagen_id") REFERENCES "public"."producto_imagenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto_imagenes" ADD CONSTRAINT "producto_imagenes_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "producto_imagenes_producto_idx" ON "producto_imagenes" USING btree ("producto_id","posicion");--> statement-breakpoint
CREATE INDEX "productos_marca_idx" ON "productos" USING btree ("marca");--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_sku_unique" UNIQUE("sku");