-- Row-level security evaluated once a query, not once a row. The policies of 0002 and after call
-- app_scope_allows(merchant_id, store_id), which PostgreSQL inlines into a CASE that reads the
-- settings and parses the id lists again for every row: on a list of a million orders that check
-- cost more than the query. Here every policy compares the row's ids with arrays computed once per
-- query, as InitPlans (the `(select …)`), which can also use an index on merchant_id or store_id.
-- Same answers as app_scope_allows: system and platform see every row, a merchant scope the rows of
-- its merchants, a store scope the rows of its stores, no scope nothing; a NULL id matches no list.
-- (`any ((select f())::bigint[])`: the cast makes the InitPlan's value the array compared with,
-- where `any ((select f()))` would read as a subquery's rows.)
create or replace function app_scope_all() returns boolean
language sql stable as $$
  select coalesce(current_setting('app.scope', true), '') in ('system', 'platform')
$$;
create or replace function app_scope_merchants() returns bigint[]
language sql stable as $$
  select case when current_setting('app.scope', true) = 'merchant'
    then string_to_array(nullif(current_setting('app.merchant_ids', true), ''), ',')::bigint[] end
$$;
create or replace function app_scope_stores() returns bigint[]
language sql stable as $$
  select case when current_setting('app.scope', true) = 'store'
    then string_to_array(nullif(current_setting('app.store_ids', true), ''), ',')::bigint[] end
$$;
-- The merchants whose catalog the caller inherits (set by the catalog for one statement, 0021).
create or replace function app_scope_inherited() returns bigint[]
language sql stable as $$
  select string_to_array(nullif(current_setting('app.inherited_ids', true), ''), ',')::bigint[]
$$;

do $$
declare
  p record;
  allows constant text := '(select app_scope_all()) or merchant_id = any ((select app_scope_merchants())::bigint[])'
    || ' or store_id = any ((select app_scope_stores())::bigint[])';
  merchant_only constant text := '(select app_scope_all()) or merchant_id = any ((select app_scope_merchants())::bigint[])';
begin
  for p in select tablename from pg_policies
            where schemaname = 'public' and policyname = 'tenant_isolation'
              and qual = 'app_scope_allows(merchant_id, store_id)' loop
    execute format('alter policy tenant_isolation on %I using (%s) with check (%s)', p.tablename, allows, allows);
  end loop;
  for p in select tablename from pg_policies
            where schemaname = 'public' and policyname = 'tenant_isolation'
              and qual = 'app_scope_allows(merchant_id, NULL::bigint)' loop
    execute format('alter policy tenant_isolation on %I using (%s) with check (%s)', p.tablename,
                   merchant_only, merchant_only);
  end loop;
  for p in select tablename from pg_policies
            where schemaname = 'public' and policyname = 'inherited_catalog'
              and qual = 'app_scope_inherits(merchant_id)' loop
    execute format('alter policy inherited_catalog on %I using (merchant_id = any ((select app_scope_inherited())::bigint[]))',
                   p.tablename);
  end loop;
end $$;

-- A new sub-merchant is visible (and may be written) through its parent, which is in the scope (0003).
alter policy tenant_isolation on merchant
  using ((select app_scope_all()) or merchant_id = any ((select app_scope_merchants())::bigint[])
         or store_id = any ((select app_scope_stores())::bigint[]) or parent_id = any ((select app_scope_merchants())::bigint[]))
  with check ((select app_scope_all()) or merchant_id = any ((select app_scope_merchants())::bigint[])
         or store_id = any ((select app_scope_stores())::bigint[]) or parent_id = any ((select app_scope_merchants())::bigint[]));
alter policy inherited_images on upload
  using (kind = 'image' and merchant_id = any ((select app_scope_inherited())::bigint[]));

-- Every policy is rewritten: one still calling the per-row functions would be slow unseen.
do $$
declare left_over text;
begin
  select string_agg(tablename || '.' || policyname, ', ') into left_over from pg_policies
   where schemaname = 'public' and (qual ~ 'app_scope_(allows|inherits)\(' or with_check ~ 'app_scope_(allows|inherits)\(');
  if left_over is not null then raise exception 'policies still per row: %', left_over; end if;
end $$;
