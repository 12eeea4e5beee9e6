-- Issue 30: each change notice says which transaction wrote it ("xid", text), so an instance
-- knows when the change feed's snapshot bound has passed it and can read the changed rows once
-- for its live-events streams (domain/events/live-rows.ts). Deferred or not, as 0025.
CREATE OR REPLACE FUNCTION "send_change_notices"("notices" text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "notice" text;
  "xid" text := pg_current_xact_id()::text;
BEGIN
  IF current_setting('yardline.defer_notify', true) = 'on' THEN
    FOREACH "notice" IN ARRAY coalesce("notices", '{}') LOOP
      RAISE NOTICE USING MESSAGE = left("notice", -1) || ',"xid":"' || "xid" || '"}',
        DETAIL = 'yardline_changes', ERRCODE = 'YLCHG';
    END LOOP;
  ELSE
    PERFORM pg_notify('yardline_changes', left("each", -1) || ',"xid":"' || "xid" || '"}')
      FROM unnest("notices") AS "each";
  END IF;
END $$;
