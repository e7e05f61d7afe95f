// Every table, one file per area; drizzle-kit reads this file (drizzle.config.ts).
export * from './schema/spots';
export * from './schema/people';
export * from './schema/content';
export * from './schema/operations';
export * from './schema/sessions';
export * from './schema/backups';
export * from './schema/editorial';
export * from './schema/members';
export * from './schema/trips';
export * from './schema/corrections';
export * from './schema/plans';
export * from './schema/search';
