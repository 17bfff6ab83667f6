import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** 'No customers found.' with a link such as 'Add your first customer'. */
export function EmptyState({
  message,
  linkTo,
  linkText,
  children,
}: {
  message: string;
  linkTo?: string;
  linkText?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 py-12 text-center">
      <p className="text-muted-foreground">{message}</p>
      {linkTo && linkText && (
        <Link to={linkTo} className="text-primary text-sm font-medium underline-offset-4 hover:underline">
          {linkText}
        </Link>
      )}
      {children}
    </div>
  );
}
