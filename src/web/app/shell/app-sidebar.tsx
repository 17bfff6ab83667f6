import { Link, useLocation } from 'react-router';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from '@/components/ui/sidebar';
import { BrandMark } from '@/components/brand-mark';
import { useCurrentSession } from '@/features/auth/api';
import { can } from '@shared/users/permissions';
import { navItems } from '../areas';

export function AppSidebar() {
  const { user } = useCurrentSession();
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const items = navItems.filter((item) => !item.shownTo || can(user, item.shownTo));

  return (
    <Sidebar collapsible="icon">
      <SidebarHeader>
        <Link to="/dashboard" className="flex items-center gap-2 px-1 py-1.5" aria-label="Torque home">
          <BrandMark className="size-7" />
          <span className="truncate text-lg font-semibold group-data-[collapsible=icon]:hidden">Torque</span>
        </Link>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupContent>
            <SidebarMenu aria-label="Main">
              {items.map((item) => (
                <SidebarMenuItem key={item.to}>
                  <SidebarMenuButton
                    asChild
                    tooltip={item.label}
                    isActive={pathname === item.to || pathname.startsWith(`${item.to}/`)}
                  >
                    <Link to={item.to} onClick={() => isMobile && setOpenMobile(false)}>
                      <item.icon />
                      <span>{item.label}</span>
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              ))}
            </SidebarMenu>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      <SidebarRail />
    </Sidebar>
  );
}
