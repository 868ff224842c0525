-- Tenant isolation inside PostgreSQL (ARCHITECTURE "Tenancy"): every request runs in a transaction
-- that switches to the role brewfleet_app (no BYPASSRLS, not a superuser) and sets its scope with
-- set_config(..., true). Tenant tables force row-level security, so a query that forgot its filter
-- returns nothing rather than another tenant's rows. With no scope set, no rows.

do $$
begin
  if not exists (select from pg_roles where rolname = 'brewfleet_app') then
    create role brewfleet_app nologin nosuperuser nobypassrls;
  end if;
exception
  -- The role belongs to the cluster: databases migrated at the same moment (the test suite's, on a
  -- fresh server) race to create it, and the loser finds it made.
  when duplicate_object or unique_violation then null;
end $$;
grant brewfleet_app to current_user;
grant usage on schema public to brewfleet_app;
grant select, insert, update, delete on all tables in schema public to brewfleet_app;
grant usage, select on all sequences in schema public to brewfleet_app;
alter default privileges in schema public grant select, insert, update, delete on tables to brewfleet_app;
alter default privileges in schema public grant usage, select on sequences to brewfleet_app;

-- app.scope: 'system' (server internals: sign-in, audit, seeds), 'platform', 'merchant' or 'store';
-- app.merchant_ids / app.store_ids: comma-separated ids the request may see.
create or replace function app_scope_allows(row_merchant bigint, row_store bigint) returns boolean
language sql stable as $$
  select case coalesce(current_setting('app.scope', true), '')
    when 'system' then true
    when 'platform' then true
    when 'merchant' then row_merchant = any(string_to_array(nullif(current_setting('app.merchant_ids', true), ''), ',')::bigint[])
    when 'store' then row_store = any(string_to_array(nullif(current_setting('app.store_ids', true), ''), ',')::bigint[])
    else false
  end
$$;

-- The tenant tables: each carries merchant_id and store_id.
do $$
declare t text;
begin
  foreach t in array array['account', 'role', 'organization', 'operation_log'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy tenant_isolation on %I using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id))', t);
  end loop;
end $$;
