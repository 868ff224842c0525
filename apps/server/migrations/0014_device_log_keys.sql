-- A machine-log line says what happened as a message key and its parameters, so the console words it
-- in the reader's language. `message` stays: the English text, what the search matches, and all that
-- lines written before this carry (the console shows it when a line has no key).
alter table device_log add column message_key text;
alter table device_log add column params jsonb;
