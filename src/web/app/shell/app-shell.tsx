import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { InlineLoading } from '@/components/loading-screen';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { useRealtimeSync } from '../realtime-sync';
import { ChatPanel, type ChatPanelState } from './chat-panel';

function sidebarOpenFromCookie(): boolean {
  const match = document.cookie.match(/(?:^|;\s*)sidebar_state=(true|false)/);
  return match ? match[1] === 'true' : true;
}

export function AppShell() {
  const [chat, setChat] = useState<ChatPanelState>('closed');
  const realtime = useRealtimeSync();
  return (
    <SidebarProvider defaultOpen={sidebarOpenFromCookie()}>
      <AppSidebar />
      {/* min-w-0: a wide table scrolls in its own box instead of widening the page past the window. */}
      <SidebarInset className="min-w-0">
        <AppHeader onToggleChat={() => setChat((state) => (state === 'open' ? 'closed' : 'open'))} />
        <div className="mx-auto w-full max-w-7xl flex-1 p-4 sm:p-6">
          <Suspense fallback={<InlineLoading message="Loading..." />}>
            <Outlet />
          </Suspense>
        </div>
      </SidebarInset>
      <ChatPanel state={chat} onChange={setChat} realtime={realtime} />
    </SidebarProvider>
  );
}
