-- Issue 30: each instance keeps the auth contexts it resolved (auth/context-cache.ts) until
-- something they were read from changes. These statement triggers tell every instance on
-- channel yardline_auth, whoever writes (any instance, a script, psql): a revoked or deleted
-- session, a user's names, type or active flag, a membership, a role, a client limit, a
-- client's companies, a company. The app's own connections defer the notice past commit as
-- the change-log triggers do (migration 0025, db/deferred-notify.ts), and hear their own at
-- commit, before the writing statement returns.
CREATE FUNCTION "send_auth_change_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('yardline.defer_notify', true) = 'on' THEN
    RAISE NOTICE USING MESSAGE = TG_TABLE_NAME, DETAIL = 'yardline_auth', ERRCODE = 'YLCHG';
  ELSE
    PERFORM pg_notify('yardline_auth', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_change" AFTER UPDATE OF "revoked_at", "user_id" OR DELETE OR TRUNCATE
  ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "send_auth_change_notice"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_change" AFTER UPDATE OF "username", "first_name", "last_name", "email",
  "user_type", "is_active" OR DELETE OR TRUNCATE
  ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "send_auth_change_notice"();
--> statement-breakpoint
CREATE TRIGGER "memberships_auth_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "send_auth_change_notice"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "send_auth_change_notice"();
--> statement-breakpoint
CREATE TRIGGER "user_clients_auth_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "user_clients" FOR EACH STATEMENT EXECUTE FUNCTION "send_auth_change_notice"();
--> statement-breakpoint
CREATE TRIGGER "client_companies_auth_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "client_companies" FOR EACH STATEMENT EXECUTE FUNCTION "send_auth_change_notice"();
--> statement-breakpoint
CREATE TRIGGER "companies_auth_change" AFTER UPDATE OR DELETE OR TRUNCATE
  ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION "send_auth_change_notice"();
