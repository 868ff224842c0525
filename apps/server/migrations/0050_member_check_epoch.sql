-- The app's sign-in check (modules/app/member-auth.ts) keeps, in each server process, the member it
-- found for a token, and trusts it only while auth_epoch (0044) is unchanged, as the console's check
-- does. Everything that check reads moves the number inside the writing transaction: a member's app
-- session ended (signed out, revoked, deleted, its expiry or last use moved back by hand), a member
-- disabled, moved to another merchant, renumbered or deleted. Merchants already move it (0044).
-- Writes the check does not read (a wallet payment, points, a profile's name, a session's last use
-- moving forward) leave it alone: the column lists keep the payment path from moving it.
create trigger member_session_auth_epoch
  after update on member_session for each row
  when (new.revoked_at is distinct from old.revoked_at or new.expires_at < old.expires_at
        or new.last_seen_at < old.last_seen_at or new.member_id <> old.member_id
        or new.merchant_id <> old.merchant_id)
  execute function auth_epoch_bump();
create trigger member_session_delete_auth_epoch
  after delete on member_session for each statement execute function auth_epoch_bump();
create trigger member_auth_epoch
  after delete or update of status, merchant_id, member_no on member
  for each statement execute function auth_epoch_bump();
