-- A sub-merchant's machines sell its parent's products, so the sub-merchant reads its ancestors'
-- catalog (products, materials, types, options, toppings, snacks, extra products) without being able
-- to change it. The catalog module opens a request's ancestors for reading by setting
-- app.inherited_ids (comma-separated merchant ids, computed from the merchant tree); this policy adds
-- those rows to what SELECT sees. UPDATE and DELETE keep the tenant policy alone: an inherited row
-- can never be written through it.
create or replace function app_scope_inherits(row_merchant bigint) returns boolean
language sql stable as $$
  select coalesce(row_merchant = any(string_to_array(nullif(current_setting('app.inherited_ids', true), ''), ',')::bigint[]), false)
$$;

do $$
declare t text;
begin
  foreach t in array array['product_type', 'material_type', 'small_material_type', 'snack_type', 'extra_product_type',
                           'material', 'small_material', 'snack', 'option_type', 'product_option', 'extra_product',
                           'product'] loop
    execute format('create policy inherited_catalog on %I for select using (app_scope_inherits(merchant_id))', t);
  end loop;
end $$;

-- Names in the customer's language: `name` stays the first and default name; `names` holds the
-- names per language ({"en": …, "zh": …, "tw": …}, each optional), shown in the console's language
-- and sent in menus so that a machine speaks its customer's language.
alter table product add column names jsonb;
alter table material add column names jsonb;
alter table device_type add column names jsonb;
alter table option_type add column names jsonb;
alter table product_option add column names jsonb;
alter table small_material add column names jsonb;
alter table snack add column names jsonb;
