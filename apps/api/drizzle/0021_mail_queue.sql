ALTER TABLE "correos" ALTER COLUMN "para" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "correos" ALTER COLUMN "asunto" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "correos" ALTER COLUMN "texto" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "correos" ADD COLUMN "tipo" varchar(200) DEFAULT 'correo' NOT NULL;--> statement-breakpoint
ALTER TABLE "correos" ADD COLUMN "compositor" varchar(60);--> statement-breakpoint
ALTER TABLE "correos" ADD COLUMN "datos" jsonb;--> statement-breakpoint
ALTER TABLE "correos" ADD COLUMN "clave" varchar(200);--> statement-breakpoint
ALTER TABLE "correos" ADD COLUMN "estado" varchar(20) DEFAULT 'enviado' NOT NULL;--> statement-breakpoint
ALTER TABLE "correos" ADD COLUMN "intentos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "correos" ADD COLUMN "ultimo_error" text;--> statement-breakpoint
ALTER TABLE "correos" ADD COLUMN "trabajo_id" uuid;--> statement-breakpoint
ALTER TABLE "correos" ADD COLUMN "enviando_desde" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "correos_estado_idx" ON "correos" USING btree ("estado","id");--> statement-breakpoint
CREATE UNIQUE INDEX "correos_clave_idx" ON "correos" USING btree ("clave");--> statement-breakpoint
UPDATE "correos" SET "intentos" = 1, "sent_at" = coalesce("sent_at", "created_at");