import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastOutlet } from '@/components/toast-outlet';
import { WorkspaceLoading } from '@/components/loading-screen';
import { useTheme } from '@/lib/theme';
import { applyViewMode } from '@/lib/view-mode';
import { AppRoutes } from './app/router';
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
      <BrowserRouter>
        <Suspense fallback={<WorkspaceLoading />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
      <ToastOutlet theme={theme} />
    </QueryClientProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
