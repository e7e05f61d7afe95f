import type { HoursState } from './hours-state';

const DAYS = [
  [1, 'Mon'],
  [2, 'Tue'],
  [3, 'Wed'],
  [4, 'Thu'],
  [5, 'Fri'],
  [6, 'Sat'],
  [0, 'Sun'],
] as const;

interface Props {
  value: HoursState;
  error?: string;
  onChange: (value: HoursState) => void;
}

/**
 * The structured hours: weekly times (a close before the opening runs past midnight), yearly
 * seasons, sunrise to sunset, always open, or no fixed hours; and special dates (holidays,
 * closures, different hours) on top of any of them.
 */
export function HoursEditor({ value, error, onChange }: Props) {
  const set = (patch: Partial<HoursState>) => onChange({ ...value, ...patch });
  const setRule = (i: number, patch: Partial<HoursState['rules'][number]>) => set({ rules: value.rules.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const setSeason = (i: number, patch: Partial<HoursState['seasons'][number]>) => set({ seasons: value.seasons.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const setSpecial = (i: number, patch: Partial<HoursState['special'][number]>) => set({ special: value.special.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const toggleDay = (i: number, day: number) => {
    const days = value.rules[i]!.days;
    setRule(i, { days: days.includes(day) ? days.filter((d) => d !== day) : [...days, day] });
  };
  const mode = (event: { target: { value: string } }) => {
    const next = event.target.value as HoursState['mode'];
    set({ mode: next, rules: next === 'weekly' && value.rules.length === 0 ? [{ days: [1, 2, 3, 4, 5, 6, 0], open: '11:00', close: '21:00' }] : value.rules });
  };

  return (
    <fieldset className="hours-editor" aria-describedby={error ? 'hours-error' : undefined}>
      <legend>Hours</legend>
      <div className="field">
        <label htmlFor="hours-mode">Kind of hours</label>
        <select id="hours-mode" className="select" value={value.mode} onChange={mode} aria-invalid={Boolean(error)}>
          <option value="unknown">Not known yet</option>
          <option value="weekly">Set weekly hours</option>
          <option value="always">Always open</option>
          <option value="daylight">Sunrise to sunset</option>
          <option value="none">No fixed hours</option>
        </select>
      </div>

      {value.mode === 'weekly' && (
        <div className="hours-editor__group">
          {value.rules.map((rule, i) => (
            <div className="hours-editor__rule" key={i} role="group" aria-label={`Opening times ${i + 1}`}>
              <div className="hours-editor__days">
                {DAYS.map(([day, label]) => (
                  <label key={day} className="admin-tags__option">
                    <input type="checkbox" checked={rule.days.includes(day)} onChange={() => toggleDay(i, day)} /> {label}
                  </label>
                ))}
              </div>
              <div className="hours-editor__times">
                <div className="field">
                  <label htmlFor={`rule-open-${i}`}>Opens</label>
                  <input id={`rule-open-${i}`} className="input" type="time" value={rule.open} onChange={(e) => setRule(i, { open: e.target.value })} />
                </div>
                <div className="field">
                  <label htmlFor={`rule-close-${i}`}>Closes</label>
                  <input id={`rule-close-${i}`} className="input" type="time" value={rule.close} onChange={(e) => setRule(i, { close: e.target.value })} />
                </div>
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  onClick={() => set({ rules: value.rules.filter((_, j) => j !== i) })}
                  disabled={value.rules.length === 1}>
                  Remove
                </button>
              </div>
            </div>
          ))}
          <p className="field__hint">A closing time before the opening time runs past midnight (4 PM – 2 AM).</p>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => set({ rules: [...value.rules, { days: [5, 6], open: '17:00', close: '23:00' }] })}>
            Add opening times
          </button>

          <h4 className="hours-editor__heading">Seasons</h4>
          <p className="field__hint">Leave empty when these hours hold all year.</p>
          {value.seasons.map((season, i) => (
            <div className="hours-editor__times" key={i}>
              <div className="field">
                <label htmlFor={`season-from-${i}`}>From (MM-DD)</label>
                <input
                  id={`season-from-${i}`}
                  className="input"
                  value={season.from}
                  placeholder="10-01"
                  onChange={(e) => setSeason(i, { from: e.target.value as never })}
                />
              </div>
              <div className="field">
                <label htmlFor={`season-to-${i}`}>To (MM-DD)</label>
                <input id={`season-to-${i}`} className="input" value={season.to} placeholder="05-31" onChange={(e) => setSeason(i, { to: e.target.value as never })} />
              </div>
              <button type="button" className="btn btn--ghost btn--small" onClick={() => set({ seasons: value.seasons.filter((_, j) => j !== i) })}>
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => set({ seasons: [...value.seasons, { from: '10-01' as never, to: '05-31' as never }] })}>
            Add a season
          </button>
        </div>
      )}

      {value.mode !== 'unknown' && value.mode !== 'none' && (
        <div className="hours-editor__group">
          <h4 className="hours-editor__heading">Special dates and holiday closures</h4>
          {value.special.map((day, i) => (
            <div className="hours-editor__special" key={i} role="group" aria-label={`Special date ${i + 1}`}>
              <div className="field">
                <label htmlFor={`special-from-${i}`}>From</label>
                <input id={`special-from-${i}`} className="input" type="date" value={day.from} onChange={(e) => setSpecial(i, { from: e.target.value })} />
              </div>
              <div className="field">
                <label htmlFor={`special-to-${i}`}>To</label>
                <input id={`special-to-${i}`} className="input" type="date" value={day.to} onChange={(e) => setSpecial(i, { to: e.target.value })} />
              </div>
              <label className="admin-tags__option hours-editor__closed">
                <input type="checkbox" checked={day.closed} onChange={(e) => setSpecial(i, { closed: e.target.checked })} /> Closed all day
              </label>
              {!day.closed && (
                <>
                  <div className="field">
                    <label htmlFor={`special-open-${i}`}>Opens</label>
                    <input id={`special-open-${i}`} className="input" type="time" value={day.open} onChange={(e) => setSpecial(i, { open: e.target.value })} />
                  </div>
                  <div className="field">
                    <label htmlFor={`special-close-${i}`}>Closes</label>
                    <input id={`special-close-${i}`} className="input" type="time" value={day.close} onChange={(e) => setSpecial(i, { close: e.target.value })} />
                  </div>
                </>
              )}
              <div className="field">
                <label htmlFor={`special-note-${i}`}>Why (shown to readers)</label>
                <input
                  id={`special-note-${i}`}
                  className="input"
                  value={day.note}
                  maxLength={120}
                  placeholder="Christmas Day"
                  onChange={(e) => setSpecial(i, { note: e.target.value })}
                />
              </div>
              <button type="button" className="btn btn--ghost btn--small" onClick={() => set({ special: value.special.filter((_, j) => j !== i) })}>
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => set({ special: [...value.special, { from: '', to: '', closed: true, open: '10:00', close: '17:00', note: '' }] })}>
            Add a special date
          </button>
        </div>
      )}

      {value.mode !== 'unknown' && value.mode !== 'none' && (
        <div className="field">
          <label htmlFor="hours-note">Note on the hours</label>
          <input id="hours-note" className="input" value={value.note} maxLength={200} onChange={(e) => set({ note: e.target.value })} />
        </div>
      )}
      {error && (
        <p className="field__error" role="alert" id="hours-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
