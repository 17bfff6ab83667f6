import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark' | 'system';
const THEME_KEY = 'ui-theme';

const listeners = new Set<() => void>();
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function getTheme(): Theme {
  const stored = localStorage.getItem(THEME_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

function resolvedTheme(theme: Theme = getTheme()): 'light' | 'dark' {
  return theme === 'system' ? (darkQuery().matches ? 'dark' : 'light') : theme;
}

function applyTheme() {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(resolvedTheme());
}

export function setTheme(theme: Theme) {
  localStorage.setItem(THEME_KEY, theme);
  applyTheme();
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  const onSystemChange = () => {
    applyTheme();
    notify();
  };
  darkQuery().addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(notify);
    darkQuery().removeEventListener('change', onSystemChange);
  };
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme);
}
