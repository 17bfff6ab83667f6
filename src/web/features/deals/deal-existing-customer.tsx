import { UserCheck } from 'lucide-react';
import type { CustomerChoice, DuplicateMatch } from '@shared/customers/types';
import { Button } from '@/components/ui/button';
import { useDuplicates } from '@/features/customers/api';
import { useDebounced } from '@/hooks/use-debounced';

/** "Emma Carter's", or "yours" for the signed-in user's own customer. */
export const whose = (customer: Pick<CustomerChoice, 'user_id' | 'owner_name'>, userId: string) =>
  customer.user_id === userId ? 'Yours' : `${customer.owner_name}'s`;

/**
 * While a deal's customer is typed rather than picked: each customer the user may see who already has the e-mail or
 * phone typed, offered instead, so saving never adds them twice (the server refuses that too).
 */
export function ExistingCustomerOffer({
  email,
  phone,
  userId,
  onUse,
}: {
  email: string;
  phone: string;
  userId: string;
  onUse: (customer: DuplicateMatch) => void;
}) {
  const { data } = useDuplicates(useDebounced(email.trim(), 400), useDebounced(phone.trim(), 400), undefined);
  if (!data?.length) return null;
  return (
    <ul aria-label="Already customers" className="grid gap-2">
      {data.map((match) => (
        <li
          key={match.id}
          role="status"
          className="border-warning/50 bg-warning/10 flex flex-col gap-2 rounded-md border px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex min-w-0 items-start gap-2">
            <UserCheck className="text-warning mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">
              <span className="font-medium">{match.name}</span>
              {(match.email || match.phone) && ` (${match.matched === 'email' ? match.email : match.phone})`} is already a
              customer <span className="text-muted-foreground">· {whose(match, userId)}</span>
            </span>
          </p>
          <Button type="button" size="sm" variant="outline" className="shrink-0" onClick={() => onUse(match)}>
            Use this customer
          </Button>
        </li>
      ))}
    </ul>
  );
}
