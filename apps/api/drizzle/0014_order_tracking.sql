-- The carrier and tracking number an admin may record when an order is shipped, so the customer can
-- follow the parcel. Both optional: a shop that delivers by hand has neither.
ALTER TABLE pedidos ADD COLUMN transportista varchar(60);
--> statement-breakpoint
ALTER TABLE pedidos ADD COLUMN numero_seguimiento varchar(60);
--> statement-breakpoint
-- Sales per day for the admin's reports read paid orders by the moment they were paid.
CREATE INDEX pedidos_pagado_at_idx ON pedidos (pagado_at) WHERE pagado_at IS NOT NULL;
