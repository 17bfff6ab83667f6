import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { useDebounced } from '@/hooks/use-debounced';
import { cn } from '@/lib/utils';
import { useDuplicates } from './api';

/** 'Possible duplicate:' while the typed e-mail or phone matches a customer the user can see. Saving stays allowed. */
export function DuplicateWarning({
  email,
  phone,
  excludeId,
  className,
}: {
  email: string;
  phone: string;
  excludeId?: string;
  className?: string;
}) {
  const { data } = useDuplicates(useDebounced(email.trim(), 400), useDebounced(phone.trim(), 400), excludeId);
  if (!data?.length) return null;
  return (
    <div
      role="status"
      className={cn('border-warning/50 bg-warning/10 flex items-start gap-2 rounded-md border px-3 py-2 text-sm', className)}
    >
      <AlertTriangle className="text-warning mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        Possible duplicate:{' '}
        {data.map((match, i) => (
          <span key={match.id}>
            {i > 0 && ', '}
            <Link to={`/customers/${match.id}`} target="_blank" className="font-medium underline underline-offset-4">
              {match.name}
            </Link>
            <span className="text-muted-foreground"> (same {match.matched})</span>
          </span>
        ))}
      </p>
    </div>
  );
}
