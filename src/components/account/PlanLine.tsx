import { useQuery } from '@tanstack/react-query';
import { getMyPlan } from '../../features/plans/api/plans';
import { formatCityDate } from '../../lib/city-format';

const WORDS = { monthly: 'Monthly plan', yearly: 'Yearly plan', gift: 'Gift membership', complimentary: 'Complimentary membership' } as const;

/** Which plan the member is on; a gift or complimentary access says when it ends (it does not renew). */
export function PlanLine() {
  const plan = useQuery({ queryKey: ['/api/account/plan'], queryFn: getMyPlan });
  if (!plan.data?.plan) return null;
  const until = plan.data.until ? `, until ${formatCityDate(new Date(plan.data.until))}. It does not renew.` : '';
  return <p data-testid="subscription-plan">{`${WORDS[plan.data.plan]}${until}`}</p>;
}
