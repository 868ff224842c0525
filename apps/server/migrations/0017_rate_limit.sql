-- Request counts per key and window for the rate limits (exports, imports, machine commands, large
-- lists), shared by every server process. Unlogged: counts of the last minutes need no crash safety
-- and should cost no WAL; a crash only forgets them.
create unlogged table rate_limit (
  key text primary key,
  hits integer not null,
  window_ends timestamptz not null
);
create index rate_limit_window_ends_idx on rate_limit (window_ends);
