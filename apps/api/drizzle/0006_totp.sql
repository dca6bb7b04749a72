CREATE TABLE "codigos_recuperacion_totp" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"codigo_hash" varchar(64) NOT NULL,
	"usado_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "totp_usuarios" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"secreto" text NOT NULL,
	"activado_at" timestamp with time zone,
	"ultimo_paso" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "codigos_recuperacion_totp" ADD CONSTRAINT "codigos_recuperacion_totp_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totp_usuarios" ADD CONSTRAINT "totp_usuarios_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "codigos_recuperacion_totp_usuario_idx" ON "codigos_recuperacion_totp" USING btree ("usuario_id");