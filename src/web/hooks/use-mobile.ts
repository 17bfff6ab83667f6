import { useResolvedViewMode } from '@/lib/view-mode';

/** `true` when the layout is the phone one: chosen as Mobile View, or Auto Detect on a phone or narrow window. */
export function useIsMobile() {
  return useResolvedViewMode() === 'mobile';
}
