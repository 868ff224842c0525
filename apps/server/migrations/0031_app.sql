-- The ordering app (issue 12 §5), owned by the app module (apps/server/src/modules/app): members'
-- sign-in sessions. Like the console's `session`, a token is stored only as its SHA-256 hash, with
-- an absolute expiry and a revocation time. No foreign key to `member` (the members module's table):
-- a session of a member that is gone or disabled is refused when it is resolved, which asks the
-- members module.
create table member_session (
  id bigint primary key default next_id(),
  token_hash text not null unique,
  member_id bigint not null,
  merchant_id bigint not null,
  ip text,
  user_agent text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index member_session_member_idx on member_session (member_id) where revoked_at is null;

alter table member_session enable row level security;
alter table member_session force row level security;
create policy tenant_isolation on member_session
  using (app_scope_allows(merchant_id, null)) with check (app_scope_allows(merchant_id, null));
