-- session_lookup also answers the menus the user's roles grant: a store user's roles belong to its
-- merchant, which the store's own scope does not see, so they are read here, in the system scope.
drop function session_lookup(text, integer, text[]);
create function session_lookup(p_token_hash text, p_idle_minutes integer, p_blocked text[])
returns table (
  user_id text, account text, name text, partner_type text, merchant_id text, store_id text,
  super_admin boolean, perms text[], menu_ids text[], merchant_ids text[], suspended boolean
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
             (select array_agg(distinct x::text) from role r, unnest(r.menu_id_list) x where r.id = any(a.role_ids)),
             merchant_subtree(a.merchant_id)::text[],
             merchant_suspended(a.merchant_id)
        from session s join account a on a.id = s.account_id
       where s.id = found_session;
  end if;
  perform set_config('app.scope', coalesce(previous, ''), true);
end $$;
