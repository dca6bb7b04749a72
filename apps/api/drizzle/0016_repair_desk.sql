-- The repair desk (decision 023): a support request becomes a ticket with a kind, a state, a
-- history and quotes. Requests stored before it are tickets just received.
ALTER TABLE solicitudes_soporte ADD COLUMN tipo varchar(20) NOT NULL DEFAULT 'REPARACION';
--> statement-breakpoint
ALTER TABLE solicitudes_soporte ADD COLUMN estado varchar(30) NOT NULL DEFAULT 'RECIBIDA';
--> statement-breakpoint
ALTER TABLE solicitudes_soporte ADD COLUMN comprobante varchar(60);
--> statement-breakpoint
ALTER TABLE solicitudes_soporte ADD COLUMN fecha_compra date;
--> statement-breakpoint
ALTER TABLE solicitudes_soporte ADD COLUMN usuario_id integer REFERENCES usuarios(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE solicitudes_soporte ADD COLUMN fecha_actualizacion timestamp with time zone NOT NULL DEFAULT now();
--> statement-breakpoint
UPDATE solicitudes_soporte SET fecha_actualizacion = fecha_creacion;
--> statement-breakpoint
-- The desk's board filters by state and sorts by date; a customer's account lists their own.
CREATE INDEX solicitudes_soporte_estado_fecha_idx ON solicitudes_soporte (estado, fecha_creacion);
--> statement-breakpoint
CREATE INDEX solicitudes_soporte_usuario_idx ON solicitudes_soporte (usuario_id);
--> statement-breakpoint
-- Every e-mail to the customer carries a fresh tracking link; all stay valid. Only the SHA-256 of
-- the random token is kept, so the table alone opens no ticket.
CREATE TABLE soporte_enlaces (
  id serial PRIMARY KEY,
  solicitud_id integer NOT NULL REFERENCES solicitudes_soporte(id) ON DELETE CASCADE,
  token_hash varchar(64) NOT NULL UNIQUE,
  fecha_creacion timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX soporte_enlaces_solicitud_idx ON soporte_enlaces (solicitud_id);
--> statement-breakpoint
CREATE TABLE soporte_historial (
  id serial PRIMARY KEY,
  solicitud_id integer NOT NULL REFERENCES solicitudes_soporte(id) ON DELETE CASCADE,
  estado_anterior varchar(30),
  estado varchar(30),
  nota_cliente text,
  nota_interna text,
  autor_id integer REFERENCES usuarios(id) ON DELETE SET NULL,
  autor varchar(100) NOT NULL,
  fecha timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX soporte_historial_solicitud_idx ON soporte_historial (solicitud_id, id);
--> statement-breakpoint
-- Requests stored before the desk existed start their history as received.
INSERT INTO soporte_historial (solicitud_id, estado_anterior, estado, autor, fecha)
  SELECT id, NULL, 'RECIBIDA', 'Sistema', fecha_creacion FROM solicitudes_soporte;
--> statement-breakpoint
CREATE TABLE soporte_cotizaciones (
  id serial PRIMARY KEY,
  solicitud_id integer NOT NULL REFERENCES solicitudes_soporte(id) ON DELETE CASCADE,
  diagnostico text NOT NULL,
  valida_hasta date NOT NULL,
  estado varchar(20) NOT NULL DEFAULT 'PENDIENTE',
  total integer NOT NULL,
  creada_por integer REFERENCES usuarios(id) ON DELETE SET NULL,
  fecha_creacion timestamp with time zone NOT NULL DEFAULT now(),
  fecha_respuesta timestamp with time zone,
  motivo_rechazo text,
  stock_reservado boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE INDEX soporte_cotizaciones_solicitud_idx ON soporte_cotizaciones (solicitud_id, id);
--> statement-breakpoint
CREATE TABLE soporte_cotizacion_lineas (
  id serial PRIMARY KEY,
  cotizacion_id integer NOT NULL REFERENCES soporte_cotizaciones(id) ON DELETE CASCADE,
  tipo varchar(20) NOT NULL,
  servicio varchar(40),
  producto_id integer REFERENCES productos(id) ON DELETE SET NULL,
  descripcion varchar(200) NOT NULL,
  cantidad integer NOT NULL,
  precio_unitario integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX soporte_cotizacion_lineas_cotizacion_idx ON soporte_cotizacion_lineas (cotizacion_id);
