-- Tracking links of the repair desk (decision 023): one live link per ticket, and links that expire
-- SUPPORT_LINK_EXPIRY_DAYS days after the ticket closed. When a ticket reached its final
-- state (ENTREGADA, CANCELADA, RESUELTO; nothing moves out of them):
ALTER TABLE "solicitudes_soporte" ADD COLUMN "fecha_cierre" timestamp with time zone;--> statement-breakpoint
-- Tickets already closed take the date of the history row that closed them (else their last change).
UPDATE "solicitudes_soporte" s SET "fecha_cierre" = coalesce(
  (SELECT max(h."fecha") FROM "soporte_historial" h
    WHERE h."solicitud_id" = s."id" AND h."estado" = s."estado"),
  s."fecha_actualizacion"
) WHERE s."estado" IN ('ENTREGADA', 'CANCELADA', 'RESUELTO');--> statement-breakpoint
-- Every e-mail used to add a link that stayed valid: only the newest of each ticket stays.
DELETE FROM "soporte_enlaces" e USING "soporte_enlaces" newer
  WHERE newer."solicitud_id" = e."solicitud_id" AND newer."id" > e."id";--> statement-breakpoint
-- The unique constraint's index serves the ticket's look-up the old index served.
DROP INDEX IF EXISTS "soporte_enlaces_solicitud_idx";--> statement-breakpoint
ALTER TABLE "soporte_enlaces" ADD CONSTRAINT "soporte_enlaces_solicitud_id_unique" UNIQUE("solicitud_id");
