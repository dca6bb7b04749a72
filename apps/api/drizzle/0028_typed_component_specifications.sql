-- A PC part's typed specification (decision 032): { tipo, …the values known }.
ALTER TABLE "productos" ADD COLUMN "componente" jsonb;
--> statement-breakpoint
-- The kind comes from the product's name ('Procesador …', 'Placa madre …'); each value from the
-- free-text specification of that name, only where it parses into the shared schema's form
-- (packages/shared/src/pc-builder/schemas.ts). What does not parse stays free text only.
WITH specs AS (
  SELECT p.id, p.nombre,
    (SELECT trim(e->>'valor') FROM jsonb_array_elements(p.especificaciones) e
      WHERE lower(trim(e->>'nombre')) = 'socket' LIMIT 1) AS socket,
    (SELECT trim(e->>'valor') FROM jsonb_array_elements(p.especificaciones) e
      WHERE lower(trim(e->>'nombre')) IN ('núcleos', 'nucleos') LIMIT 1) AS nucleos,
    (SELECT trim(e->>'valor') FROM jsonb_array_elements(p.especificaciones) e
      WHERE lower(trim(e->>'nombre')) = 'tipo de memoria' LIMIT 1) AS tipo_memoria,
    (SELECT trim(e->>'valor') FROM jsonb_array_elements(p.especificaciones) e
      WHERE lower(trim(e->>'nombre')) = 'memoria' LIMIT 1) AS memoria,
    (SELECT trim(e->>'valor') FROM jsonb_array_elements(p.especificaciones) e
      WHERE lower(trim(e->>'nombre')) = 'capacidad' LIMIT 1) AS capacidad,
    (SELECT trim(e->>'valor') FROM jsonb_array_elements(p.especificaciones) e
      WHERE lower(trim(e->>'nombre')) = 'potencia' LIMIT 1) AS potencia,
    (SELECT trim(e->>'valor') FROM jsonb_array_elements(p.especificaciones) e
      WHERE lower(trim(e->>'nombre')) = 'formato' LIMIT 1) AS formato,
    (SELECT trim(e->>'valor') FROM jsonb_array_elements(p.especificaciones) e
      WHERE lower(trim(e->>'nombre')) = 'interfaz' LIMIT 1) AS interfaz
  FROM "productos" p
  WHERE p."componente" IS NULL
),
kinds AS (
  SELECT s.*,
    CASE
      WHEN s.nombre ~* '^procesador\M' THEN 'PROCESADOR'
      WHEN s.nombre ~* '^placa madre\M' THEN 'PLACA_MADRE'
      WHEN s.nombre ~* '^memoria\M' THEN 'MEMORIA'
      WHEN s.nombre ~* '^tarjeta de v[ií]deo\M' THEN 'TARJETA_VIDEO'
      WHEN s.nombre ~* '^(ssd|disco duro|unidad)\M' AND s.nombre !~* '\mexterno\M' THEN 'ALMACENAMIENTO'
      WHEN s.nombre ~* '^fuente\M' THEN 'FUENTE'
      WHEN s.nombre ~* '^gabinete\M' THEN 'GABINETE'
      WHEN s.nombre ~* '^(cooler|disipador|refrigeraci[oó]n|water ?cooling)\M' THEN 'REFRIGERACION'
    END AS tipo,
    CASE
      WHEN s.formato ~* '^e-?atx$' THEN 'E-ATX'
      WHEN s.formato ~* '^atx$' THEN 'ATX'
      WHEN s.formato ~* '^(micro[- ]?atx|m-?atx)$' THEN 'Micro-ATX'
      WHEN s.formato ~* '^(mini[- ]?itx|itx)$' THEN 'Mini-ITX'
    END AS formato_placa,
    upper(s.socket) AS socket_upper,
    upper(s.tipo_memoria) AS memoria_upper,
    (regexp_match(s.nucleos, '^(\d{1,3})$'))[1]::int AS nucleos_n,
    (regexp_match(s.potencia, '^(\d{1,4})\s*W$', 'i'))[1]::int AS potencia_w,
    (regexp_match(s.memoria, '^(\d{1,3})\s*GB$', 'i'))[1]::int AS memoria_gb,
    CASE
      WHEN s.capacidad ~* '^\d{1,5}\s*GB$' THEN (regexp_match(s.capacidad, '^(\d+)', 'i'))[1]::int
      WHEN s.capacidad ~* '^\d{1,2}\s*TB$' THEN (regexp_match(s.capacidad, '^(\d+)', 'i'))[1]::int * 1000
    END AS capacidad_gb
  FROM specs s
)
UPDATE "productos" p
SET "componente" = jsonb_strip_nulls(jsonb_build_object(
  'tipo', k.tipo,
  'socket', CASE WHEN k.tipo IN ('PROCESADOR', 'PLACA_MADRE')
    AND k.socket_upper IN ('AM4', 'AM5', 'LGA1700', 'LGA1851') THEN k.socket_upper END,
  'nucleos', CASE WHEN k.tipo = 'PROCESADOR' AND k.nucleos_n BETWEEN 1 AND 256 THEN k.nucleos_n END,
  'tipoMemoria', CASE WHEN k.tipo IN ('PLACA_MADRE', 'MEMORIA')
    AND k.memoria_upper IN ('DDR4', 'DDR5') THEN k.memoria_upper END,
  'formato', CASE
    WHEN k.tipo = 'PLACA_MADRE' THEN k.formato_placa
    WHEN k.tipo = 'ALMACENAMIENTO' THEN CASE
      WHEN k.formato ~* '^m\.2 2280$' THEN 'M.2 2280'
      WHEN k.formato ~* '^2[.,]5 ?("|pulgadas)$' THEN '2.5"'
      WHEN k.formato ~* '^3[.,]5 ?("|pulgadas)$' THEN '3.5"'
    END
  END,
  'formatos', CASE WHEN k.tipo = 'GABINETE' THEN CASE k.formato_placa
    WHEN 'E-ATX' THEN '["E-ATX", "ATX", "Micro-ATX", "Mini-ITX"]'::jsonb
    WHEN 'ATX' THEN '["ATX", "Micro-ATX", "Mini-ITX"]'::jsonb
    WHEN 'Micro-ATX' THEN '["Micro-ATX", "Mini-ITX"]'::jsonb
    WHEN 'Mini-ITX' THEN '["Mini-ITX"]'::jsonb
  END END,
  'capacidadGb', CASE
    WHEN k.tipo = 'MEMORIA' AND k.memoria_gb BETWEEN 1 AND 1024 THEN k.memoria_gb
    WHEN k.tipo = 'ALMACENAMIENTO' AND k.capacidad_gb BETWEEN 1 AND 100000 THEN k.capacidad_gb
  END,
  'memoriaGb', CASE WHEN k.tipo = 'TARJETA_VIDEO' AND k.memoria_gb BETWEEN 1 AND 256
    THEN k.memoria_gb END,
  'potenciaW', CASE WHEN k.tipo = 'FUENTE' AND k.potencia_w BETWEEN 1 AND 5000
    THEN k.potencia_w END,
  'interfaz', CASE WHEN k.tipo = 'ALMACENAMIENTO' THEN CASE
    WHEN k.interfaz ~* '^sata( iii| 3)?$' THEN 'SATA'
    WHEN k.interfaz ~* '^nvme pcie (gen ?)?[345](\.0)?$'
      THEN 'NVMe PCIe ' || (regexp_match(k.interfaz, '([345])(\.0)?$'))[1] || '.0'
  END END,
  'socketsCompatibles', CASE WHEN k.tipo = 'REFRIGERACION' THEN (
    SELECT jsonb_agg(t.s ORDER BY t.n)
    FROM unnest(ARRAY['AM4', 'AM5', 'LGA1700', 'LGA1851']) WITH ORDINALITY AS t(s, n)
    WHERE k.socket ~* ('\m' || t.s || '\M')
  ) END
))
FROM kinds k
WHERE k.id = p.id AND k.tipo IS NOT NULL;
