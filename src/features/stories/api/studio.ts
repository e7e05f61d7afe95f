import { apiGet, apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { StoryFieldsInput, studioStory } from '../../../server/content/stories-editorial';
import type { storyRevisionList, storyVersion } from '../../../server/content/stories-editorial-revisions';
import type { embeddableSpots } from '../../../server/content/story-spots';
import type { StoryTransition } from '../../../server/content/stories-editorial-states';

/** A Story as the studio edits it (GET /api/admin/stories/{id}). */
export type StudioStory = Wire<Awaited<ReturnType<typeof studioStory>>>;
export type StoryRevision = Wire<Awaited<ReturnType<typeof storyRevisionList>>[number]>;
/** What the form sends: every field (the author as a staff id). */
export type StoryDraft = Omit<StoryFieldsInput, 'authorId'> & { authorId?: number };

/** POST /api/admin/stories: a new draft (201); 409 when the slug is taken, 400 with `fields`. */
export function createStory(draft: StoryDraft): Promise<{ story: StudioStory }> {
  return apiSend('POST', '/api/admin/stories', draft);
}

/** PATCH /api/admin/stories/{id}: saves against `version` (409 when someone saved in between). */
export function saveStory(id: number, version: number, draft: Partial<StoryDraft>): Promise<{ story: StudioStory }> {
  return apiSend('PATCH', `/api/admin/stories/${id}`, { ...draft, version });
}

/** POST /api/admin/stories/{id}/{transition}; `at` ("2026-12-01T09:30", Scottsdale time) for schedule. */
export function moveStory(id: number, transition: StoryTransition, version: number, at?: string): Promise<{ story: StudioStory }> {
  return apiSend('POST', `/api/admin/stories/${id}/${transition}`, at ? { version, at } : { version });
}

export function storyRevisions(id: number): Promise<{ revisions: StoryRevision[] }> {
  return apiGet(`/api/admin/stories/${id}/revisions`);
}

export function restoreStoryRevision(id: number, revisionId: number, version: number): Promise<{ story: StudioStory }> {
  return apiSend('POST', `/api/admin/stories/${id}/revisions/${revisionId}/restore`, { version });
}

/** DELETE /api/admin/stories/{id} ('stories:delete'). */
export function deleteStory(id: number): Promise<{ id: number; deleted: true }> {
  return apiSend('DELETE', `/api/admin/stories/${id}`);
}

/** POST /api/admin/stories/{id}/preview: a secret link to the Story as it now is, valid 48 hours. */
export function previewStory(id: number): Promise<{ url: string; expiresAt: string }> {
  return apiSend('POST', `/api/admin/stories/${id}/preview`, {});
}

export type StoryVersion = Wire<Awaited<ReturnType<typeof storyVersion>>>;
/** GET /api/admin/stories/{id}/version: the saved version, polled while the editor is open. */
export function storyVersionOf(id: number): Promise<StoryVersion> {
  return apiGet(`/api/admin/stories/${id}/version`);
}

export type EmbeddableSpot = Wire<Awaited<ReturnType<typeof embeddableSpots>>[number]>;
/** GET /api/admin/stories/spots?q=: spots in the guide to embed as a card. */
export function searchSpots(query: string): Promise<{ spots: EmbeddableSpot[] }> {
  return apiGet(`/api/admin/stories/spots?q=${encodeURIComponent(query)}`);
}
