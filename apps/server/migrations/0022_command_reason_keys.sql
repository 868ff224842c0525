-- Why the server ended a command, as a message key and its parameters (contracts CommandReasons), so
-- the console words it in the reader's language. `reason` stays: the English text, and a machine's
-- own words (why it rejected a menu), which have no key. Reasons written before this get their key.
alter table device_command add column reason_key text;
alter table device_command add column reason_params jsonb;

update device_command set reason_key = 'expired' where reason = 'expired';
update device_command set reason_key = 'supersededByMenu' where reason = 'superseded by a newer menu';
update device_command set reason_key = 'supersededByChannels'
  where reason = 'superseded by a newer channel configuration';
update device_command
   set reason_key = 'tooLarge',
       reason_params = jsonb_build_object('bytes', (m)[1]::bigint, 'limit', (m)[2]::bigint)
  from (select id as mid, regexp_match(reason, '^too large for the machine: (\d+) bytes, its MQTT Maximum Packet Size is (\d+)$') as m
          from device_command where reason like 'too large for the machine:%') parsed
 where device_command.id = parsed.mid and parsed.m is not null;
