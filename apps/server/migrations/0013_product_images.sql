-- A product has several pictures (issue 6 §2 "images"), kept in order: the first is the cover.
-- The single image a product had becomes the first of its list.
alter table product add column images bigint[] default '{}';
update product set images = array[image::bigint] where image ~ '^[0-9]+$';
alter table product drop column image;
