import type { OpeningHours } from '../../../lib/opening-hours';

/** The hours as the editor holds them: every part editable as text, built into OpeningHours on save. */
export interface HoursState {
  mode: 'unknown' | 'none' | 'always' | 'daylight' | 'weekly';
  rules: { days: number[]; open: string; close: string }[];
  seasons: { from: string; to: string }[];
  special: { from: string; to: string; closed: boolean; open: string; close: string; note: string }[];
  note: string;
}

export function hoursState(hours: OpeningHours | null, noFixedHours: boolean): HoursState {
  const special = (hours?.special ?? []).map((s) => ({
    from: s.from,
    to: s.to,
    closed: !s.open,
    open: s.open ?? '10:00',
    close: s.close ?? '17:00',
    note: s.note ?? '',
  }));
  const base = { rules: [], seasons: [], special, note: hours?.note ?? '' };
  if (!hours) return { ...base, mode: noFixedHours ? 'none' : 'unknown' };
  if (hours.kind !== 'weekly') return { ...base, mode: hours.kind };
  return {
    ...base,
    mode: 'weekly',
    rules: hours.rules.map((r) => ({ days: [...r.days], open: r.open, close: r.close })),
    seasons: (hours.seasons ?? []).map((s) => ({ ...s })),
  };
}

/** The API's `hours` and `noFixedHours` from the editor's state (the server checks them again). */
export function hoursBody(state: HoursState): { hours: unknown; noFixedHours: 0 | 1 } {
  if (state.mode === 'unknown' || state.mode === 'none') return { hours: null, noFixedHours: state.mode === 'none' ? 1 : 0 };
  const note = state.note.trim() ? { note: state.note.trim() } : {};
  const special = state.special.length
    ? {
        special: state.special.map((s) => ({
          from: s.from,
          to: s.to || s.from,
          ...(s.closed ? {} : { open: s.open, close: s.close }),
          ...(s.note.trim() && { note: s.note.trim() }),
        })),
      }
    : {};
  if (state.mode !== 'weekly') return { hours: { kind: state.mode, ...note, ...special }, noFixedHours: 0 };
  return {
    hours: {
      kind: 'weekly',
      rules: state.rules.map((r) => ({ days: [...r.days].sort(), open: r.open, close: r.close })),
      ...(state.seasons.length && { seasons: state.seasons }),
      ...note,
      ...special,
    },
    noFixedHours: 0,
  };
}
