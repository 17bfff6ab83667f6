import { OPTED_OUT_NOTE, recipientQuerySchema } from '@shared/emails/schemas';
import { recipientConsentLabels, type EmailRecipient, type RecipientConsent } from '@shared/emails/types';
import { Badge } from '@/components/ui/badge';
import { useDebounced } from '@/hooks/use-debounced';
import { useEmailRecipient } from './api';

const badgeVariants: Record<RecipientConsent, 'success' | 'destructive' | 'outline' | 'secondary'> = {
  opted_in: 'success',
  opted_out: 'destructive',
  none: 'outline',
  not_customer: 'secondary',
};

/** Who the address typed in To is and its e-mail consent, asked once typing pauses on a whole address. */
export function useRecipient(to: string): EmailRecipient | null {
  const typed = to.trim();
  const settled = useDebounced(typed, 400);
  const address = recipientQuerySchema.shape.address.safeParse(settled).success ? settled : null;
  const recipient = useEmailRecipient(address);
  // While the address is being changed, the last one's answer would describe someone else.
  return address !== null && typed === address ? (recipient.data ?? null) : null;
}

/** The consent shown under To: the badge, the customer's name, and what an opt-out allows. */
export function RecipientConsentNote({ recipient }: { recipient: EmailRecipient }) {
  const { customer, email_consent: consent } = recipient;
  return (
    <span aria-live="polite" className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <Badge variant={badgeVariants[consent]}>{recipientConsentLabels[consent]}</Badge>
      {customer && <span className="text-foreground">{customer.name}</span>}
      {consent === 'opted_out' && <span>{OPTED_OUT_NOTE}</span>}
    </span>
  );
}
