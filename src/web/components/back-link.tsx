import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** 'Back to Customers' and its kin, at the top left of a page. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 justify-self-start">
      <Link to={to}>
        <ArrowLeft /> {children}
      </Link>
    </Button>
  );
}
