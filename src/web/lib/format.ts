// Relative rather than @shared: the unit tests typecheck this file under NodeNext resolution as well.
import { formatDollars } from '../../shared/money.js';

/** A count badge's text: hidden at 0, 'N+' above the cap ('9+' in the header, '99+' in the chat panel). */
export function badgeText(count: number, cap: number): string | null {
  if (count <= 0) return null;
  return count > cap ? `${cap}+` : String(count);
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** Money is integer cents everywhere; screens show dollars. */
export function formatCents(cents: number | null | undefined, { exact = false } = {}): string {
  if (cents === null || cents === undefined) return '—';
  return formatDollars(cents, { exact });
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** File sizes as the spec shows them: Bytes, KB, MB or GB with two decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes === 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const i = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}

/** A count as the summary cards show it; '—' until it is known. */
export function formatCount(value: number | undefined): string {
  return value === undefined ? '—' : value.toLocaleString('en-US');
}

/** 'Jan 5, 2025, 3:04 PM' */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** A span of time in words: '45 s', '4 min', '2 h 5 min', '3 days'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** A share 0..1 as a percentage with one decimal ('66.7%'); '—' when there is none yet. */
export const formatRate = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);
