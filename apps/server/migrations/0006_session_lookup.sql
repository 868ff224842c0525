-- One round trip per authenticated request: the session, its user, permissions and tenant scope,
-- read in the system scope for the duration of this call only (the caller's scope is restored, so a
-- call inside a request's transaction cannot widen it), and last_seen_at touched at most once a minute.
create or replace function session_lookup(p_token_hash text, p_idle_minutes integer, p_blocked text[])
returns table (
  user_id text, account text, name text, partner_type text, merchant_id text, store_id text,
  super_admin boolean, perms text[], merchant_ids text[], suspended boolean
)
language plpgsql volatile as $$
declare
  previous text := current_setting('app.scope', true);
  found_session bigint;
begin
  perform set_config('app.scope', 'system', true);
  select s.id into found_session
    from session s join account a on a.id = s.account_id
   where s.token_hash = p_token_hash
     and s.revoked_at is null
     and s.expires_at > now()
     and s.last_seen_at > now() - make_interval(mins => p_idle_minutes)
     and not (a.status = any(p_blocked));
  if found_session is not null then
    update session set last_seen_at = now()
     where id = found_session and last_seen_at < now() - interval '60 seconds';
    return query
      select a.id::text, a.account, a.name, a.partner_type, a.merchant_id::text, a.store_id::text, a.super_admin,
             (select array_agg(distinct m.perms) from role r join menu m on m.id = any(r.menu_id_list)
               where r.id = any(a.role_ids) and coalesce(m.perms, '') <> ''),
             merchant_subtree(a.merchant_id)::text[],
             merchant_suspended(a.merchant_id)
        from session s join account a on a.id = s.account_id
       where s.id = found_session;
  end if;
  perform set_config('app.scope', coalesce(previous, ''), true);
end $$;
