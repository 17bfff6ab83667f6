import { useSyncExternalStore } from 'react';

export type ViewMode = 'mobile' | 'desktop' | 'auto';
export const VIEW_MODE_KEY = 'view-mode';
export const MOBILE_BREAKPOINT = 768;

const listeners = new Set<() => void>();

export function getViewMode(): ViewMode {
  const stored = localStorage.getItem(VIEW_MODE_KEY);
  return stored === 'mobile' || stored === 'desktop' ? stored : 'auto';
}

export function setViewMode(mode: ViewMode) {
  localStorage.setItem(VIEW_MODE_KEY, mode);
  listeners.forEach((notify) => notify());
}

function isMobileDevice() {
  return /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i.test(navigator.userAgent);
}

/** 'auto' is mobile on a mobile device or in a window narrower than 768 px. */
export function resolveViewMode(mode: ViewMode = getViewMode()): 'mobile' | 'desktop' {
  if (mode !== 'auto') return mode;
  return isMobileDevice() || window.innerWidth < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  window.addEventListener('resize', notify);
  window.addEventListener('storage', notify);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('resize', notify);
    window.removeEventListener('storage', notify);
  };
}

export function useViewMode(): ViewMode {
  return useSyncExternalStore(subscribe, getViewMode);
}

export function useResolvedViewMode(): 'mobile' | 'desktop' {
  return useSyncExternalStore(subscribe, () => resolveViewMode());
}
