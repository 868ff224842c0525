-- How far an import is, keyed by a uuid the client chooses, so that any server process can answer
-- the client's polling while another runs the import.
create table import_progress (
  key uuid primary key,
  account_id bigint not null references account (id) on delete cascade,
  resource text not null,
  phase text not null check (phase in ('reading', 'checking', 'writing', 'done', 'failed')),
  done integer not null default 0,
  total integer not null default 0,
  updated_at timestamptz not null default now()
);
create index import_progress_updated_idx on import_progress (updated_at);
