import { describe, expect, it } from 'vitest';
import { badgeText, formatFileSize, initials } from '../../src/web/lib/format.js';

describe('badge counts', () => {
  it('hides zero and caps the header badge at 9+ and the panel badge at 99+', () => {
    expect(badgeText(0, 9)).toBeNull();
    expect(badgeText(3, 9)).toBe('3');
    expect(badgeText(9, 9)).toBe('9');
    expect(badgeText(10, 9)).toBe('9+');
    expect(badgeText(99, 99)).toBe('99');
    expect(badgeText(100, 99)).toBe('99+');
  });
});

describe('file sizes', () => {
  it('shows Bytes, KB, MB or GB with at most two decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(1234567)).toBe('1.18 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });
});

describe('initials', () => {
  it('takes the first letters of the first two names', () => {
    expect(initials('Emma Carter')).toBe('EC');
    expect(initials('  alex   de morgan ')).toBe('AD');
  });
});
