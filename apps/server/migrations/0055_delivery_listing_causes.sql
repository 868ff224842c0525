-- The listing log keeps why it changed as a key the console names in the viewer's language (it kept
-- English text, shown as such in Chinese too). Uber is still told the English text.
update delivery_listing_change set cause = case cause
    when 'no machine can make it' then 'no-machine-makes-it'
    when 'a machine can make it again' then 'a-machine-makes-it'
    when 'no machine takes orders' then 'no-machine-takes-orders'
    when 'a machine takes orders again' then 'a-machine-takes-orders'
    when 'store closed' then 'store-closed'
    when 'menu changed' then 'menu-changed'
    when 'sync action' then 'sync-action'
    when 'demo start' then 'demo-start'
    else 'machines-changed' end
  where cause not in ('no-machine-makes-it', 'a-machine-makes-it', 'no-machine-takes-orders',
    'a-machine-takes-orders', 'store-closed', 'machines-changed', 'menu-changed', 'sync-action', 'demo-start');

alter table delivery_listing_change add constraint delivery_listing_change_cause_check check (cause in (
  'no-machine-makes-it', 'a-machine-makes-it', 'no-machine-takes-orders', 'a-machine-takes-orders',
  'store-closed', 'machines-changed', 'menu-changed', 'sync-action', 'demo-start'));
