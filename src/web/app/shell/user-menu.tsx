import { useNavigate } from 'react-router';
import { Bell, LogOut, Monitor, Settings, UserRound, Users, Undo2 } from 'lucide-react';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useCurrentSession, useSignOut, useSwitchableUsers, useSwitchBack, useSwitchUser } from '@/features/auth/api';
import { errorMessage } from '@/lib/api-client';
import { badgeText, initials } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toast';
import { setViewMode, useViewMode, viewModeLabels, viewModes, type ViewMode } from '@/lib/view-mode';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useUnreadNotifications,
} from '@/features/notifications';
import { can } from '@shared/users/permissions';

export function UserMenu() {
  const navigate = useNavigate();
  const { user, impersonator } = useCurrentSession();
  const canSwitch = can(user, 'switchUser') && !impersonator;
  const agents = useSwitchableUsers(canSwitch);
  const switchUser = useSwitchUser();
  const switchBack = useSwitchBack();
  const signOut = useSignOut();
  const unread = badgeText(useUnreadNotifications().data ?? 0, 9);
  const viewMode = useViewMode();

  const onSwitch = (id: string, name: string) =>
    switchUser.mutate(id, {
      onSuccess: () => {
        notifySuccess('Switched user', `You are now working as ${name}`);
        navigate('/dashboard');
      },
      onError: (error) => notifyError('Switch failed', errorMessage(error, 'Could not switch to that agent')),
    });

  const onSwitchBack = () =>
    switchBack.mutate(undefined, {
      onSuccess: (session) => notifySuccess('Switched back', `You are ${session.user.name} again`),
      onError: (error) => notifyError('Switch failed', errorMessage(error, 'Could not switch back')),
    });

  const onSignOut = () => signOut.mutate(undefined, { onSettled: () => navigate('/', { replace: true }) });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className="relative size-9 rounded-full p-0"
          aria-label={`${initials(user.name)}, user menu of ${user.name}`}
        >
          <Avatar className="size-9">
            <AvatarFallback className="bg-primary text-primary-foreground text-sm">{initials(user.name)}</AvatarFallback>
          </Avatar>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate text-sm font-medium">{user.name}</p>
          <p className="text-muted-foreground truncate text-xs">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {canSwitch && (
          <DropdownMenuSub>
            <DropdownMenuSubTrigger>
              <Users /> Switch to agent
            </DropdownMenuSubTrigger>
            <DropdownMenuSubContent className="max-h-80 w-60 overflow-y-auto">
              {agents.isPending && <DropdownMenuItem disabled>Loading agents...</DropdownMenuItem>}
              {agents.data?.length === 0 && <DropdownMenuItem disabled>No agents yet</DropdownMenuItem>}
              {agents.data?.map((agent) => (
                <DropdownMenuItem key={agent.id} onSelect={() => onSwitch(agent.id, agent.name)}>
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate">{agent.name}</span>
                    <span className="text-muted-foreground truncate text-xs">{agent.email}</span>
                  </span>
                </DropdownMenuItem>
              ))}
            </DropdownMenuSubContent>
          </DropdownMenuSub>
        )}
        {impersonator && (
          <DropdownMenuItem onSelect={onSwitchBack}>
            <Undo2 /> Switch back to {impersonator.name}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <UserRound /> Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/settings')}>
          <Settings /> Settings
        </DropdownMenuItem>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Bell /> Notifications
            {unread && <span className="bg-primary text-primary-foreground ml-auto rounded-full px-1.5 text-xs">{unread}</span>}
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent className="w-72">
            <NotificationItems onOpen={(link) => navigate(link)} />
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Monitor /> View mode
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuRadioGroup value={viewMode} onValueChange={(mode) => setViewMode(mode as ViewMode)}>
              {viewModes.map((mode) => (
                <DropdownMenuRadioItem key={mode} value={mode}>
                  {viewModeLabels[mode]}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The newest unread notifications in the user menu; each opens what it is about, and is read then. */
function NotificationItems({ onOpen }: { onOpen: (link: string) => void }) {
  const unread = useNotifications(true);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = unread.data?.pages[0]?.items.slice(0, 5) ?? [];
  return (
    <>
      {unread.isPending && <DropdownMenuItem disabled>Loading notifications...</DropdownMenuItem>}
      {unread.isError && <DropdownMenuItem disabled>Could not load notifications</DropdownMenuItem>}
      {unread.data && items.length === 0 && <DropdownMenuItem disabled>No unread notifications</DropdownMenuItem>}
      {items.map((notification) => (
        <DropdownMenuItem
          key={notification.id}
          onSelect={() => {
            markRead.mutate(notification.id);
            onOpen(notification.link ?? '/chat?tab=alerts');
          }}
        >
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-medium">{notification.title}</span>
            <span className="text-muted-foreground truncate text-xs">{notification.content}</span>
          </span>
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator />
      {items.length > 0 && <DropdownMenuItem onSelect={() => markAll.mutate()}>Mark all read</DropdownMenuItem>}
      <DropdownMenuItem onSelect={() => onOpen('/chat?tab=alerts')}>See all notifications</DropdownMenuItem>
    </>
  );
}
