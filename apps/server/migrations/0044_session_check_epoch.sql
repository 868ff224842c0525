-- The session check (platform/auth/sessions.ts) keeps what it found for a token in each server
-- process, and trusts it only while this number is unchanged. Everything that check reads moves the
-- number, inside the writing transaction: a request that follows a committed change (a sign-out, a
-- role's menus, an account disabled, a merchant suspended or moved) reads the new number and looks
-- the session up again, in every process at once. Writes the check does not read (an account's last
-- sign-in, a session's last_seen_at moving forward) leave it alone.
create table auth_epoch (
  id int primary key default 1 check (id = 1),
  n bigint not null
);
insert into auth_epoch (id, n) values (1, 0);

create function auth_epoch_bump() returns trigger language plpgsql as $$
begin
  update auth_epoch set n = n + 1 where id = 1;
  return null;
end $$;

create trigger account_auth_epoch
  after delete or update of account, name, partner_type, merchant_id, store_id, super_admin, role_ids, status
  on account for each statement execute function auth_epoch_bump();
create trigger role_auth_epoch
  after delete or update of menu_id_list on role for each statement execute function auth_epoch_bump();
create trigger menu_auth_epoch
  after insert or delete or update of perms on menu for each statement execute function auth_epoch_bump();
-- A new sub-merchant joins the scope of every user above it.
create trigger merchant_auth_epoch
  after insert or delete or update of parent_id, status on merchant for each statement execute function auth_epoch_bump();
-- A session ended, or its expiry or last use moved back (by hand): a touch moving last_seen_at
-- forward, once a minute per session, does not count.
create trigger session_auth_epoch
  after update on session for each row
  when (new.revoked_at is distinct from old.revoked_at or new.expires_at < old.expires_at
        or new.last_seen_at < old.last_seen_at)
  execute function auth_epoch_bump();
create trigger session_delete_auth_epoch
  after delete on session for each statement execute function auth_epoch_bump();
