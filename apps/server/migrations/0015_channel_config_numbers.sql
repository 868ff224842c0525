-- A channel configuration names each channel number once (a machine has one channel per number).
-- Until now a clash was caught only when the configuration was distributed. An installation that
-- already holds clashing rows starts without the index rather than failing to start: its clashes
-- are still refused at distribution, and the check on save (channels.ts) refuses new ones.
do $$
begin
  if not exists (
    select 1 from channel_config
    group by coalesce(merchant_id, 0), config_name, channel_number having count(*) > 1
  ) then
    create unique index channel_config_number_key
      on channel_config (coalesce(merchant_id, 0), config_name, channel_number);
  else
    raise notice 'channel_config has clashing channel numbers: channel_config_number_key not created';
  end if;
end $$;
