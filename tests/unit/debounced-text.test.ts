// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedText } from '../../src/web/hooks/use-debounced-text.js';

describe('a field that applies itself once typing pauses', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps what was typed after a commit when that commit comes back as the value', () => {
    const commits: string[] = [];
    const { result, rerender } = renderHook(({ value }) => useDebouncedText(value, (text) => commits.push(text), 300), {
      initialProps: { value: '' },
    });
    act(() => result.current[1]('Dana Due'));
    act(() => vi.advanceTimersByTime(300));
    expect(commits).toEqual(['Dana Due']);
    // The next search is typed before the list has taken the first one in.
    act(() => result.current[1]('Lee Later'));
    rerender({ value: 'Dana Due' });
    expect(result.current[0]).toBe('Lee Later');
    act(() => vi.advanceTimersByTime(300));
    expect(commits).toEqual(['Dana Due', 'Lee Later']);
  });

  it('takes a value from outside (Clear filters, Back) over what was typed', () => {
    const commits: string[] = [];
    const { result, rerender } = renderHook(({ value }) => useDebouncedText(value, (text) => commits.push(text), 300), {
      initialProps: { value: 'smith' },
    });
    act(() => result.current[1]('smi'));
    rerender({ value: '' });
    expect(result.current[0]).toBe('');
    act(() => vi.advanceTimersByTime(300));
    expect(commits).toEqual([]);
  });
});
