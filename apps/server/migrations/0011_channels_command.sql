-- The `channels` command (a distributed channel layout) waits like a menu for a machine that is away.
insert into command_config (command_type, expiry_seconds, max_attempts, retry_interval_seconds, description)
values ('channels', 604800, 20, 300, null)
on conflict (command_type) do nothing;
