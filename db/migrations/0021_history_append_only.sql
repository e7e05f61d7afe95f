-- Hand-written: History is append-only. No route edits or deletes an entry, and neither can a
-- mistake in code: the database itself refuses.
CREATE TRIGGER `history_never_updated` BEFORE UPDATE ON `history`
BEGIN
  SELECT RAISE(ABORT, 'History entries are never changed.');
END;--> statement-breakpoint
CREATE TRIGGER `history_never_deleted` BEFORE DELETE ON `history`
BEGIN
  SELECT RAISE(ABORT, 'History entries are never deleted.');
END;
