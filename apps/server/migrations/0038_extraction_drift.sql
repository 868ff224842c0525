-- Extraction drift (issue 17 §4, docs/extraction-drift.md): per coffee machine and metric, its own
-- baseline (previous 7 days but the last 24 h), its recent cups' EWMA against it, its model's fleet
-- band, and the state the job `drift.scan` derived from them. One row per machine and metric,
-- rewritten by the job; the machine's tenant is copied so that row-level security scopes it.

create table extraction_drift (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  device_id bigint not null references device (id) on delete cascade,
  model_id bigint,
  metric text not null check (metric in ('pressureBar', 'extractionFlowMlPerS', 'temperatureC', 'grind',
                                         'tampingForceN', 'extractionSeconds')),
  state text not null default 'normal' check (state in ('normal', 'watch', 'drifting')),
  direction text check (direction in ('up', 'down')),
  -- When the present excursion began (the first recent cup after the EWMA was last inside the watch
  -- limit); null while normal.
  since timestamptz,
  recent_mean double precision,
  recent_ewma double precision,
  n integer not null default 0,
  baseline_mean double precision,
  baseline_sd double precision,
  baseline_n integer not null default 0,
  baseline_at timestamptz,
  fleet_mean double precision,
  fleet_sd double precision,
  fleet_machines integer not null default 0,
  z double precision,
  fleet_z double precision,
  checked_at timestamptz not null default now(),
  unique (device_id, metric)
);
create index extraction_drift_merchant_idx on extraction_drift (merchant_id, state);
create index extraction_drift_store_idx on extraction_drift (store_id);
create index extraction_drift_model_idx on extraction_drift (model_id, metric);

alter table extraction_drift enable row level security;
alter table extraction_drift force row level security;
create policy tenant_isolation on extraction_drift
  using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id));
