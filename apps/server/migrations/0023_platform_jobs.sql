-- The job runner's summary per job (platform/jobs): what it is (its schedule, as the process that
-- defined it last declared it) and how its runs went. pg-boss keeps the jobs themselves (schema
-- pgboss, made by pg-boss) and deletes finished ones after a while; the console's counts and last
-- error must outlive that, so they are kept here, one row per job, updated after every run.
create table platform_job (
  name text primary key,
  cron text,
  time_zone text,
  every_seconds integer,
  retry_limit integer not null,
  runs bigint not null default 0,
  failures bigint not null default 0,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_outcome text check (last_outcome in ('succeeded', 'failed')),
  last_error text,
  last_failed_at timestamptz,
  defined_at timestamptz not null default now()
);
