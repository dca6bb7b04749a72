-- Shipping priced by región, store pickup, and coupons kept in the database (decision 021).
-- A región without a row charges the spec's fee and threshold, so a clean install needs no rows.
CREATE TABLE tarifas_envio (
  region varchar(100) PRIMARY KEY,
  precio numeric(12, 2) NOT NULL,
  envio_gratis_desde numeric(12, 2),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT tarifas_envio_montos_no_negativos CHECK (precio >= 0 AND (envio_gratis_desde IS NULL OR envio_gratis_desde >= 0))
);
--> statement-breakpoint
-- One row at most: the shop's pickup point. No row means pickup is off.
CREATE TABLE retiro_tienda (
  id integer PRIMARY KEY DEFAULT 1,
  activo boolean NOT NULL DEFAULT false,
  region varchar(100) NOT NULL,
  comuna varchar(100) NOT NULL,
  direccion varchar(200) NOT NULL,
  horario varchar(200) NOT NULL,
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT retiro_tienda_una_fila CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE cupones (
  id serial PRIMARY KEY,
  codigo varchar(20) NOT NULL,
  tipo varchar(10) NOT NULL,
  valor numeric(12, 2) NOT NULL DEFAULT 0,
  label varchar(100) NOT NULL,
  valido_desde timestamp with time zone,
  valido_hasta timestamp with time zone,
  minimo_subtotal numeric(12, 2) NOT NULL DEFAULT 0,
  limite_total integer,
  limite_por_cliente integer,
  usos integer NOT NULL DEFAULT 0,
  activo boolean NOT NULL DEFAULT true,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT cupones_tipo_valido CHECK (tipo IN ('percent', 'amount', 'shipping')),
  CONSTRAINT cupones_valor_valido CHECK (valor >= 0 AND (tipo <> 'percent' OR valor <= 100)),
  CONSTRAINT cupones_limites_positivos CHECK ((limite_total IS NULL OR limite_total > 0) AND (limite_por_cliente IS NULL OR limite_por_cliente > 0)),
  CONSTRAINT cupones_usos_en_limite CHECK (usos >= 0 AND (limite_total IS NULL OR usos <= limite_total))
);
--> statement-breakpoint
CREATE UNIQUE INDEX cupones_codigo_idx ON cupones (codigo);
--> statement-breakpoint
-- One row per order that used a coupon; a cancelled order's row is deleted (its use comes back).
CREATE TABLE cupon_usos (
  id serial PRIMARY KEY,
  cupon_id integer NOT NULL REFERENCES cupones (id) ON DELETE CASCADE,
  pedido_id integer NOT NULL REFERENCES pedidos (id) ON DELETE CASCADE,
  usuario_id integer REFERENCES usuarios (id) ON DELETE SET NULL,
  correo varchar(100) NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX cupon_usos_pedido_idx ON cupon_usos (pedido_id);
--> statement-breakpoint
CREATE INDEX cupon_usos_cupon_usuario_idx ON cupon_usos (cupon_id, usuario_id);
--> statement-breakpoint
CREATE INDEX cupon_usos_cupon_correo_idx ON cupon_usos (cupon_id, correo);
--> statement-breakpoint
-- How the order is delivered; a pickup order keeps the store's address and hours of that day.
ALTER TABLE pedidos ADD COLUMN entrega varchar(10) NOT NULL DEFAULT 'DESPACHO';
--> statement-breakpoint
ALTER TABLE pedidos ADD CONSTRAINT pedidos_entrega_valida CHECK (entrega IN ('DESPACHO', 'RETIRO'));
--> statement-breakpoint
ALTER TABLE pedidos ADD COLUMN retiro_horario varchar(200);
--> statement-breakpoint
-- The coupon's label when the order was placed: the admin may edit or delete the coupon later.
ALTER TABLE pedidos ADD COLUMN cupon_label varchar(100);
--> statement-breakpoint
UPDATE pedidos SET cupon_label = CASE cupon
  WHEN 'NEX10' THEN '10% de descuento'
  WHEN 'NEX5K' THEN '$5.000 de descuento'
  WHEN 'ENVIO0' THEN 'Envío gratis'
END WHERE cupon IS NOT NULL;
