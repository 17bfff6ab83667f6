import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { WorkspaceLoading } from '@/components/loading-screen';
import { useTheme } from '@/lib/theme';
import { applyViewMode } from '@/lib/view-mode';
import { router } from './app/router';
import { syncSession } from './app/session-sync';
import { retryUnlessRefused } from '@/lib/api-client';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 15_000, refetchOnWindowFocus: true, retry: retryUnlessRefused } },
});
syncSession(queryClient);
applyViewMode();

function App() {
  const theme = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Suspense fallback={<WorkspaceLoading />}>
          <RouterProvider router={router} />
        </Suspense>
        <Toaster theme={theme} position="top-right" offset={{ top: 64 }} mobileOffset={{ top: 64 }} />
      </TooltipProvider>
    </QueryClientProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
