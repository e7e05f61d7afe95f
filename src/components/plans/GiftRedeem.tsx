import { useState } from 'react';
import { redeemGift, type GiftRedeemed } from '../../features/plans/api/plans';
import { ApiError } from '../../lib/api-client';
import { formatCityDate } from '../../lib/city-format';

/** The redeem button: opening the link changes nothing (mail scanners open links); this posts. */
export default function GiftRedeem({ token }: { token: string }) {
  const [done, setDone] = useState<GiftRedeemed | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  async function redeem() {
    setWorking(true);
    setProblem(null);
    try {
      setDone(await redeemGift(token));
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.serverMessage ?? 'Please try again.') : 'Please try again.');
    } finally {
      setWorking(false);
    }
  }

  if (done) {
    return (
      <div role="status" data-testid="gift-redeemed">
        <h2>Welcome to Premium!</h2>
        <p>
          {done.extended
            ? `Your membership continues as before, and your next payment moves to ${formatCityDate(done.until)}.`
            : `Every spot is unlocked in this browser until ${formatCityDate(done.until)}. It does not renew, and no card is needed.`}
        </p>
        <a className="btn btn--primary" href="/spots">
          Explore the spots
        </a>
      </div>
    );
  }
  return (
    <div>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <button type="button" className="btn btn--primary" onClick={redeem} disabled={working}>
        {working ? 'Redeeming…' : 'Redeem my gift'}
      </button>
    </div>
  );
}
