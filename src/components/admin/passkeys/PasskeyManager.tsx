import { useState, type FormEvent } from 'react';
import { addPasskey } from '../../../features/admin/api/add-passkey';
import type { Passkey } from '../../../features/admin/api/get-passkeys';
import { removePasskey } from '../../../features/admin/api/remove-passkey';
import { formatCityDateTime } from '../../../lib/city-format';
import { QueryRoot } from '../../ui/QueryRoot';
import { toast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';
import { passkeyProblem } from './passkey-errors';
import './passkeys.css';

const NAME_REQUIRED = 'Name your passkey, for example “Work laptop”.';

function PasskeyRow({ passkey, busy, onRemove }: { passkey: Passkey; busy: boolean; onRemove: (passkey: Passkey) => void }) {
  return (
    <li className="passkey-list__item">
      <div>
        <p className="passkey-list__name">{passkey.name}</p>
        <p className="passkey-list__meta muted">
          Added <time dateTime={passkey.createdAt}>{formatCityDateTime(passkey.createdAt)}</time>
          {' · '}
          {passkey.lastUsedAt ? (
            <>
              last used <time dateTime={passkey.lastUsedAt}>{formatCityDateTime(passkey.lastUsedAt)}</time>
            </>
          ) : (
            'not used yet'
          )}
        </p>
      </div>
      <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => onRemove(passkey)} aria-label={`Remove passkey ${passkey.name}`}>
        Remove
      </button>
    </li>
  );
}

/** Your passkeys on /admin/account: the list (name, added, last used), add one, remove one. */
function Passkeys({ initial }: { initial: Passkey[] }) {
  const [passkeys, setPasskeys] = useState(initial);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function add(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(NAME_REQUIRED);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      setPasskeys((await addPasskey(trimmed)).passkeys);
      setName('');
      toast({ title: 'Passkey added', description: `“${trimmed}” can now sign you in.` });
    } catch (failure) {
      console.error('Adding a passkey failed:', failure);
      setError(passkeyProblem(failure, 'add'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(passkey: Passkey) {
    setBusy(true);
    try {
      setPasskeys((await removePasskey(passkey.id)).passkeys);
      toast({ title: 'Passkey removed', description: `“${passkey.name}” no longer signs you in.` });
    } catch (failure) {
      console.error('Removing a passkey failed:', failure);
      toast({ title: 'Passkey not removed', description: passkeyProblem(failure, 'add'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {passkeys.length ? (
        <ul className="passkey-list" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} busy={!hydrated || busy} onRemove={remove} />
          ))}
        </ul>
      ) : (
        <p className="admin-empty">No passkeys yet.</p>
      )}
      <form className="passkey-add" onSubmit={add} noValidate>
        <div className="field">
          <label htmlFor="passkey-name">Passkey name</label>
          <input
            id="passkey-name"
            className="input"
            type="text"
            maxLength={60}
            autoComplete="off"
            placeholder="Work laptop"
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'passkey-name-error' : undefined}
          />
        </div>
        <button type="submit" className="btn btn--primary" disabled={!hydrated || busy}>
          {busy ? 'Waiting for your passkey…' : 'Add a passkey'}
        </button>
        {error && (
          <p id="passkey-name-error" className="field__error passkey-add__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </>
  );
}

export default function PasskeyManager({ passkeys }: { passkeys: Passkey[] }) {
  return (
    <QueryRoot>
      <Passkeys initial={passkeys} />
    </QueryRoot>
  );
}
