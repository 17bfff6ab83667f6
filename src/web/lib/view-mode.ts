import { useSyncExternalStore } from 'react';

export type ViewMode = 'mobile' | 'desktop' | 'auto';
const VIEW_MODE_KEY = 'view-mode';
const MOBILE_BREAKPOINT = 768;

/** The spec's view-mode choices, in its order, for the sign-in page and the user menu. */
export const viewModeLabels: Record<ViewMode, string> = { mobile: 'Mobile View', desktop: 'Desktop View', auto: 'Auto Detect' };
export const viewModes = Object.keys(viewModeLabels) as ViewMode[];

const listeners = new Set<() => void>();

function getViewMode(): ViewMode {
  const stored = localStorage.getItem(VIEW_MODE_KEY);
  return stored === 'mobile' || stored === 'desktop' ? stored : 'auto';
}

export function setViewMode(mode: ViewMode) {
  localStorage.setItem(VIEW_MODE_KEY, mode);
  applyViewMode(mode);
  listeners.forEach((notify) => notify());
}

/** The width a desktop page is laid out at when a phone asks for Desktop View. */
const DESKTOP_VIEWPORT_WIDTH = 1280;

/**
 * Makes the chosen mode take effect on the page itself: Desktop View lays the page out at desktop width on a phone
 * (as a browser's "desktop site" does) and keeps the desktop layout in a narrow window; the others follow the device.
 */
export function applyViewMode(mode: ViewMode = getViewMode()) {
  document.documentElement.dataset.view = mode;
  const viewport = document.querySelector('meta[name="viewport"]');
  viewport?.setAttribute(
    'content',
    mode === 'desktop' ? `width=${DESKTOP_VIEWPORT_WIDTH}` : 'width=device-width, initial-scale=1.0',
  );
}

function isMobileDevice() {
  return /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i.test(navigator.userAgent);
}

/** 'auto' is mobile on a mobile device or in a window narrower than 768 px. */
function resolveViewMode(mode: ViewMode = getViewMode()): 'mobile' | 'desktop' {
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
