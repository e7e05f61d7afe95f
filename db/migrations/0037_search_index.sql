-- Hand-written: drizzle-kit cannot declare FTS5 tables or triggers. One full-text index of what the
-- guide publishes (docs/decisions/032-search.md). rowid = id * 4 + kind (0 spot, 1 place, 2 event,
-- 3 Story). Spots give only their public text (the teaser's 90 characters, never the premium part).
CREATE VIRTUAL TABLE `search_index` USING fts5(name, tags, body, tokenize = 'porter unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_terms` USING fts5vocab(search_index, 'row');
--> statement-breakpoint
INSERT INTO `search_index` (rowid, name, tags, body) SELECT id * 4 + 0, name, category || ' ' || coalesce(neighbourhood, '') || ' ' || tags, coalesce(hook, '') || ' ' || substr(description, 1, 90) FROM `spots`;
--> statement-breakpoint
CREATE TRIGGER `spots_insert_search` AFTER INSERT ON `spots` BEGIN INSERT INTO `search_index` (rowid, name, tags, body) VALUES (new.id * 4 + 0, new.name, new.category || ' ' || coalesce(new.neighbourhood, '') || ' ' || new.tags, coalesce(new.hook, '') || ' ' || substr(new.description, 1, 90)); END;
--> statement-breakpoint
CREATE TRIGGER `spots_update_search` AFTER UPDATE OF `name`, `category`, `neighbourhood`, `tags`, `hook`, `description` ON `spots` BEGIN DELETE FROM `search_index` WHERE rowid = old.id * 4 + 0; INSERT INTO `search_index` (rowid, name, tags, body) VALUES (new.id * 4 + 0, new.name, new.category || ' ' || coalesce(new.neighbourhood, '') || ' ' || new.tags, coalesce(new.hook, '') || ' ' || substr(new.description, 1, 90)); END;
--> statement-breakpoint
CREATE TRIGGER `spots_delete_search` AFTER DELETE ON `spots` BEGIN DELETE FROM `search_index` WHERE rowid = old.id * 4 + 0; END;
--> statement-breakpoint
INSERT INTO `search_index` (rowid, name, tags, body) SELECT id * 4 + 1, name, kind || ' ' || location || ' ' || tags || ' ' || price_range, highlight FROM `places`;
--> statement-breakpoint
CREATE TRIGGER `places_insert_search` AFTER INSERT ON `places` BEGIN INSERT INTO `search_index` (rowid, name, tags, body) VALUES (new.id * 4 + 1, new.name, new.kind || ' ' || new.location || ' ' || new.tags || ' ' || new.price_range, new.highlight); END;
--> statement-breakpoint
CREATE TRIGGER `places_update_search` AFTER UPDATE OF `name`, `kind`, `location`, `tags`, `price_range`, `highlight` ON `places` BEGIN DELETE FROM `search_index` WHERE rowid = old.id * 4 + 1; INSERT INTO `search_index` (rowid, name, tags, body) VALUES (new.id * 4 + 1, new.name, new.kind || ' ' || new.location || ' ' || new.tags || ' ' || new.price_range, new.highlight); END;
--> statement-breakpoint
CREATE TRIGGER `places_delete_search` AFTER DELETE ON `places` BEGIN DELETE FROM `search_index` WHERE rowid = old.id * 4 + 1; END;
--> statement-breakpoint
INSERT INTO `search_index` (rowid, name, tags, body) SELECT id * 4 + 2, title, coalesce(event_type, '') || ' ' || coalesce(location, '') || ' ' || tags, coalesce(description, '') FROM `events`;
--> statement-breakpoint
CREATE TRIGGER `events_insert_search` AFTER INSERT ON `events` BEGIN INSERT INTO `search_index` (rowid, name, tags, body) VALUES (new.id * 4 + 2, new.title, coalesce(new.event_type, '') || ' ' || coalesce(new.location, '') || ' ' || new.tags, coalesce(new.description, '')); END;
--> statement-breakpoint
CREATE TRIGGER `events_update_search` AFTER UPDATE OF `title`, `event_type`, `location`, `tags`, `description` ON `events` BEGIN DELETE FROM `search_index` WHERE rowid = old.id * 4 + 2; INSERT INTO `search_index` (rowid, name, tags, body) VALUES (new.id * 4 + 2, new.title, coalesce(new.event_type, '') || ' ' || coalesce(new.location, '') || ' ' || new.tags, coalesce(new.description, '')); END;
--> statement-breakpoint
CREATE TRIGGER `events_delete_search` AFTER DELETE ON `events` BEGIN DELETE FROM `search_index` WHERE rowid = old.id * 4 + 2; END;
--> statement-breakpoint
INSERT INTO `search_index` (rowid, name, tags, body) SELECT id * 4 + 3, title, category || ' ' || tags, coalesce(excerpt, '') || ' ' || content FROM `blog_posts`;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_insert_search` AFTER INSERT ON `blog_posts` BEGIN INSERT INTO `search_index` (rowid, name, tags, body) VALUES (new.id * 4 + 3, new.title, new.category || ' ' || new.tags, coalesce(new.excerpt, '') || ' ' || new.content); END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_update_search` AFTER UPDATE OF `title`, `category`, `tags`, `excerpt`, `content` ON `blog_posts` BEGIN DELETE FROM `search_index` WHERE rowid = old.id * 4 + 3; INSERT INTO `search_index` (rowid, name, tags, body) VALUES (new.id * 4 + 3, new.title, new.category || ' ' || new.tags, coalesce(new.excerpt, '') || ' ' || new.content); END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_delete_search` AFTER DELETE ON `blog_posts` BEGIN DELETE FROM `search_index` WHERE rowid = old.id * 4 + 3; END;
