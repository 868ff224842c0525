-- One phone, one member, however it is typed: "+886 912 302 114", "+886-912-302-114" and
-- "+886912302114" are one number. The phone is kept as the member gave it (shown so); `phone_key`,
-- its digits and a leading +, is what sign-in matches and what may appear once per merchant.
alter table member add column phone_key text
  generated always as (nullif(regexp_replace(phone, '[^0-9+]', '', 'g'), '')) stored;

drop index if exists member_merchant_phone_key;

-- Members who already share a number typed two ways cannot be merged by a migration: they keep
-- signing in by their own spelling, and the index below is made once they are told apart.
do $$
begin
  if exists (select 1 from member where phone_key is not null
             group by merchant_id, phone_key having count(*) > 1) then
    raise warning 'members share a phone number typed differently: member_merchant_phone_key not unique';
    create index member_merchant_phone_key on member (merchant_id, phone_key) where phone_key is not null;
  else
    create unique index member_merchant_phone_key on member (merchant_id, phone_key) where phone_key is not null;
  end if;
end $$;
