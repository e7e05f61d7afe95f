import type { ChangeEvent } from 'react';

/** The spot page's facts as the admin form holds them: flat text fields, built into the API's shape on submit. */
export const EMPTY_PAGE_FIELDS = {
  neighbourhood: '',
  address: '',
  latitude: '',
  longitude: '',
  priceLevel: '',
  hook: '',
  bestTime: '',
  parking: '',
  bring: '',
  insiderTip: '',
  hoursKind: '' as '' | 'always' | 'daylight' | 'daily',
  opens: '11:00',
  closes: '21:00',
  closedDays: [] as number[],
};
export type PageFields = typeof EMPTY_PAGE_FIELDS;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The API's fields from the form's: empty parts are left out so the server's own defaults apply. */
export function pageFieldsBody(f: PageFields) {
  const anyKnow = [f.bestTime, f.parking, f.bring].some((v) => v.trim());
  const openDays = [0, 1, 2, 3, 4, 5, 6].filter((d) => !f.closedDays.includes(d));
  const hours =
    f.hoursKind === 'always' || f.hoursKind === 'daylight'
      ? { kind: f.hoursKind }
      : f.hoursKind === 'daily'
        ? { kind: 'weekly', rules: [{ days: openDays, open: f.opens, close: f.closes }] }
        : null;
  return {
    neighbourhood: f.neighbourhood,
    address: f.address,
    latitude: f.latitude,
    longitude: f.longitude,
    priceLevel: f.priceLevel,
    hook: f.hook,
    knowBefore: anyKnow ? { bestTime: f.bestTime, parking: f.parking, bring: f.bring } : null,
    insiderTip: f.insiderTip,
    hours,
  };
}

interface Props {
  values: PageFields;
  errors: Record<string, string>;
  onChange: (values: PageFields) => void;
}

/** The spot page part of Add New Spot: where it is, what it costs, when it is open, and the take behind the paywall. */
export function SpotPageFields({ values, errors, onChange }: Props) {
  const set = (name: keyof PageFields) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    onChange({ ...values, [name]: event.target.value });
  const error = (name: string) =>
    errors[name] ? (
      <p className="field__error" role="alert">
        {errors[name]}
      </p>
    ) : null;
  const text = (name: keyof PageFields, label: string, hint?: string, errorKey: string = name) => (
    <div className="field">
      <label htmlFor={`spot-${name}`}>{label}</label>
      <input id={`spot-${name}`} className="input" value={values[name] as string} onChange={set(name)} aria-invalid={Boolean(errors[errorKey])} />
      {hint && <p className="field__hint">{hint}</p>}
      {error(errorKey)}
    </div>
  );
  const toggleClosed = (day: number) =>
    onChange({ ...values, closedDays: values.closedDays.includes(day) ? values.closedDays.filter((d) => d !== day) : [...values.closedDays, day] });

  return (
    <fieldset className="admin-page-fields">
      <legend>Spot page (optional)</legend>
      <div className="admin-form__grid">
        {text('hook', 'One-line hook', 'Shown on cards; at most 90 characters')}
        {text('neighbourhood', 'Neighbourhood', 'e.g. Old Town, North Scottsdale')}
        {text('address', 'Street address', 'Members only on the spot page')}
        <div className="field">
          <label htmlFor="spot-priceLevel">Price</label>
          <select id="spot-priceLevel" className="select" value={values.priceLevel} onChange={set('priceLevel')} aria-invalid={Boolean(errors.priceLevel)}>
            <option value="">Free or not priced</option>
            {[1, 2, 3, 4].map((n) => (
              <option key={n} value={n}>
                {'$'.repeat(n)}
              </option>
            ))}
          </select>
          {error('priceLevel')}
        </div>
        {text('latitude', 'Latitude', 'e.g. 33.49179')}
        {text('longitude', 'Longitude', 'e.g. -111.92422')}
      </div>
      <div className="admin-form__grid">
        <div className="field">
          <label htmlFor="spot-hoursKind">Hours</label>
          <select id="spot-hoursKind" className="select" value={values.hoursKind} onChange={set('hoursKind')} aria-invalid={Boolean(errors.hours)}>
            <option value="">Not known yet</option>
            <option value="always">Always open</option>
            <option value="daylight">Sunrise to sunset</option>
            <option value="daily">Set hours</option>
          </select>
          {error('hours')}
        </div>
        {values.hoursKind === 'daily' && (
          <>
            <div className="field">
              <label htmlFor="spot-opens">Opens</label>
              <input id="spot-opens" className="input" type="time" value={values.opens} onChange={set('opens')} />
            </div>
            <div className="field">
              <label htmlFor="spot-closes">Closes</label>
              <input id="spot-closes" className="input" type="time" value={values.closes} onChange={set('closes')} />
              <p className="field__hint">A close before the opening time runs past midnight.</p>
            </div>
          </>
        )}
      </div>
      {values.hoursKind === 'daily' && (
        <fieldset className="admin-tags">
          <legend>Closed on</legend>
          <div className="admin-tags__grid">
            {WEEKDAYS.map((day, index) => (
              <label key={day} className="admin-tags__option">
                <input type="checkbox" checked={values.closedDays.includes(index)} onChange={() => toggleClosed(index)} /> {day}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="admin-form__grid">
        {text('bestTime', 'Best time to go', 'With parking and what to order or bring: all three, or none', 'knowBefore')}
        {text('parking', 'Parking')}
        {text('bring', 'What to order or bring')}
        {text('insiderTip', 'Insider tip')}
      </div>
    </fieldset>
  );
}
