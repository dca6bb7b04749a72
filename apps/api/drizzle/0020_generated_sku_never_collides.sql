-- A product saved without a SKU gets 'NB-' and its id in six digits. A SKU of that form typed or
-- imported before the shop reserved the form can already hold that value: the product then gets
-- the form with a suffix ('NB-000061-2') instead of failing on the unique SKU.
CREATE OR REPLACE FUNCTION "productos_sku_por_defecto"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base text;
  candidate text;
  n integer := 1;
BEGIN
  IF NEW.sku IS NULL OR btrim(NEW.sku) = '' THEN
    base := 'NB-' || lpad(NEW.id::text, 6, '0');
    candidate := base;
    WHILE EXISTS (SELECT 1 FROM "productos" WHERE "sku" = candidate AND "id" <> NEW.id) LOOP
      n := n + 1;
      candidate := base || '-' || n;
    END LOOP;
    NEW.sku := candidate;
  END IF;
  RETURN NEW;
END
$$;
