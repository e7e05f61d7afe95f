import { describe, expect, it } from 'vitest';
import { addGroupsWritten } from '../../src/server/db/read-groups';

/** The groups a write statement can raise, or 'unknown'. */
function written(sql: string): string[] | 'unknown' {
  const groups = new Set<string>();
  return addGroupsWritten(sql, groups) ? [...groups].sort() : 'unknown';
}

describe('the groups a write raises, told from its text', () => {
  it('a view, love or visit raises only the counters', () => {
    expect(
      written('update "spots" set "view_count" = ("spots"."view_count" + (changes() > 0)) where ("spots"."id" = ? and "spots"."archived_at" is null) returning *'),
    ).toEqual(['counters']);
    expect(written('INSERT INTO user_engagements (user_id, spot_id) SELECT ?, id FROM spots WHERE id = ? AND archived_at IS NULL')).toEqual(['counters']);
  });

  it('an edit of a spot raises the spots, and the counters too when it sets one, whatever its subqueries and quoted text say', () => {
    expect(written('update "spots" set "name" = ?, "updated_at" = ? where ("spots"."id" = ? and coalesce("spots"."updated_at", 0) = ?)')).toEqual(['spots']);
    expect(written('update "spots" set "loved_count" = (select count(*) from user_engagements where spot_id = 1), "name" = ? where id = 1')).toEqual([
      'counters',
      'spots',
    ]);
    expect(written("update spots set status_note = 'a, view_count = 1' where id = 1")).toEqual(['spots']);
  });

  it('a write to another public table raises its group; to a private one nothing, unless a foreign key carries it on', () => {
    expect(written('insert into "events" ("title") values (?)')).toEqual(['events']);
    expect(written('delete from "blog_posts" where "id" = ?')).toEqual(['blog_posts']);
    expect(written('insert into "rate_limits" ("key", "window_start", "hits") values (?, ?, ?) on conflict do update set "hits" = "hits" + 1 returning "hits"')).toEqual(
      [],
    );
    expect(written('delete from "auth_sessions" where "expires_at" < ?')).toEqual([]);
    expect(written('insert into "saved_spots" ("user_id", "spot_id") values (?, ?)')).toEqual([]);
    // Deleting a user sets its engagements' user to null.
    expect(written('delete from "users" where "id" = ?')).toEqual(['counters']);
    expect(written('insert or replace into users (id) values (1)')).toEqual(['counters']);
  });

  it('a statement whose writes cannot be told plainly raises every group as far as the cache knows', () => {
    expect(written('WITH x AS (SELECT 1) INSERT INTO spots SELECT * FROM x')).toBe('unknown');
    expect(written('CREATE TABLE t (id)')).toBe('unknown');
    expect(written('update "spots" set ("name", "hook") = (?, ?) where id = 1')).toBe('unknown');
  });
});
