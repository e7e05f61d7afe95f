import { STORAGE_KEYS } from './browser-storage';
import { countView, VIEW_COUNT_AFTER_SUBSCRIBING } from '../lib/free-views';

/** What this browser remembers about the visitor (spec §3 local browser storage). */
export interface VisitorSnapshot {
  viewCount: number;
  subscriberEmail: string | null;
  lovedSpots: readonly number[];
  visitedSpots: readonly number[];
  /** Spots saved in this browser while not signed in, latest first. */
  savedSpots: readonly number[];
}

export const EMPTY_VISITOR: VisitorSnapshot = { viewCount: 0, subscriberEmail: null, lovedSpots: [], visitedSpots: [], savedSpots: [] };

const CHANGE_EVENT = 'visitor-storage-change';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readIds(key: string): number[] {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

function read(): VisitorSnapshot {
  const store = storage();
  if (!store) return EMPTY_VISITOR;
  const count = Number.parseInt(store.getItem(STORAGE_KEYS.viewCount) ?? '0', 10);
  return {
    viewCount: Number.isFinite(count) && count > 0 ? count : 0,
    subscriberEmail: store.getItem(STORAGE_KEYS.subscriberEmail) || null,
    lovedSpots: readIds(STORAGE_KEYS.lovedSpots),
    visitedSpots: readIds(STORAGE_KEYS.visitedSpots),
    savedSpots: readIds(STORAGE_KEYS.savedSpots),
  };
}

let snapshot: VisitorSnapshot | null = null;

function changed() {
  snapshot = null;
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function write(key: string, value: string) {
  storage()?.setItem(key, value);
  changed();
}

/** A stable snapshot for useSyncExternalStore; re-read only after a change. */
export function visitorSnapshot(): VisitorSnapshot {
  snapshot ??= read();
  return snapshot;
}

export function subscribeVisitor(listener: () => void): () => void {
  const onChange = () => {
    snapshot = null;
    listener();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** One more spot view (a Details click). */
export function recordLocalView(): void {
  write(STORAGE_KEYS.viewCount, String(countView(visitorSnapshot().viewCount)));
}

/** After a successful subscription the count starts again (spec §4). */
export function resetLocalViews(): void {
  write(STORAGE_KEYS.viewCount, String(VIEW_COUNT_AFTER_SUBSCRIBING));
}

export function rememberSubscriberEmail(email: string): void {
  write(STORAGE_KEYS.subscriberEmail, email);
}

export function forgetSubscriberEmail(): void {
  storage()?.removeItem(STORAGE_KEYS.subscriberEmail);
  changed();
}

export function rememberReaction(kind: 'love' | 'visit', spotId: number): void {
  const key = kind === 'love' ? STORAGE_KEYS.lovedSpots : STORAGE_KEYS.visitedSpots;
  const ids = kind === 'love' ? visitorSnapshot().lovedSpots : visitorSnapshot().visitedSpots;
  if (!ids.includes(spotId)) write(key, JSON.stringify([...ids, spotId]));
}

/** Saves or unsaves a spot in this browser (a visitor who is not signed in). */
export function toggleLocalSave(spotId: number): void {
  const ids = visitorSnapshot().savedSpots;
  write(STORAGE_KEYS.savedSpots, JSON.stringify(ids.includes(spotId) ? ids.filter((id) => id !== spotId) : [spotId, ...ids]));
}

/** After the browser's list was merged into the signed-in user's. */
export function clearLocalSaves(): void {
  storage()?.removeItem(STORAGE_KEYS.savedSpots);
  changed();
}
