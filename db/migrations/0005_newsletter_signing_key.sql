-- The key that signs newsletter unsubscribe links, made once per database from SQLite's
-- cryptographic random source, so every process and instance on this database shares it.
INSERT OR IGNORE INTO `app_secrets` (`name`, `value`) VALUES ('newsletter-unsubscribe', lower(hex(randomblob(32))));
