-- A sub-merchant's product list shows the products it inherits from its parent (migration 0021)
-- with their pictures: let it read its ancestors' images, named by the request in
-- app.inherited_ids as for the catalog. Images only: an ancestor's other uploads stay its own.
create policy inherited_images on upload for select using (kind = 'image' and app_scope_inherits(merchant_id));
