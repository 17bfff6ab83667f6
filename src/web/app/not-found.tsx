import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-primary text-6xl font-bold">404</p>
      <h1 className="text-xl font-semibold">Oops! Page not found</h1>
      <Button asChild variant="link">
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
