-- Removing someone from a company ends every sign-in of theirs at once (issue 15): the reason is kept
-- beside the others so an audit can tell a removal from a logout.
ALTER TABLE auth_sessions DROP CONSTRAINT auth_sessions_revoked_reason_check;
ALTER TABLE auth_sessions ADD CONSTRAINT auth_sessions_revoked_reason_check
  CHECK (revoked_reason IN ('logout', 'refresh_token_reuse', 'password_reset', 'member_removed'));
