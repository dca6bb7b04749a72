-- The shop's owner, made by `npm run admin:create` or ADMIN_EMAIL/ADMIN_PASSWORD on a clean install,
-- is a person who runs the shop, not a customer: no RUN is asked of them. Customers still give one
-- (the registration and admin user forms require it); UNIQUE lets several owners go without.
ALTER TABLE usuarios ALTER COLUMN run DROP NOT NULL;
