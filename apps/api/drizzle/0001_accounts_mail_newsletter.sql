CREATE TABLE "correos" (
	"id" serial PRIMARY KEY NOT NULL,
	"para" varchar(320) NOT NULL,
	"asunto" varchar(200) NOT NULL,
	"texto" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "newsletter_suscriptores" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(100) NOT NULL,
	"token_baja" varchar(64) NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"baja_at" timestamp with time zone,
	CONSTRAINT "newsletter_suscriptores_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_suscriptores_token_baja_unique" UNIQUE("token_baja")
);
--> statement-breakpoint
CREATE TABLE "recuperaciones_password" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recuperaciones_password_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "sesion_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recuperaciones_password" ADD CONSTRAINT "recuperaciones_password_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "correos_para_idx" ON "correos" USING btree ("para","created_at");--> statement-breakpoint
CREATE INDEX "newsletter_suscriptores_activo_idx" ON "newsletter_suscriptores" USING btree ("activo");--> statement-breakpoint
CREATE INDEX "recuperaciones_password_usuario_idx" ON "recuperaciones_password" USING btree ("usuario_id");