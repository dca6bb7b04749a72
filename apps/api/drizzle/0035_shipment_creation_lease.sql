-- 'Crear envío' claims the order's shipment before asking the carrier (decision 036): until
-- this instant one request, in any instance, is creating its transport order; the others wait
-- for it. The carrier's API cannot void an order, so a second one must never be asked for.
ALTER TABLE "envios" ADD COLUMN "creando_hasta" timestamp with time zone;
