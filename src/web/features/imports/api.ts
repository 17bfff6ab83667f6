import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CSRF_HEADER, CSRF_VALUE, type ApiErrorBody } from '@shared/http/errors';
import type { ImportKind, ImportMapping } from '@shared/imports/fields';
import type { ImportRunEvent } from '@shared/imports/schemas';
import { importsApi } from '@shared/imports/api';
import { ApiError } from '@/lib/api-client';
import { areaKey, call, urlOf } from '@/lib/contract';

export function useUploadImport(kind: ImportKind) {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return call(importsApi.upload, { query: { kind }, body });
    },
  });
}

export function useDryRun() {
  return useMutation({
    mutationFn: ({ id, mapping }: { id: string; mapping: ImportMapping }) =>
      call(importsApi.dryRun, { params: { id }, body: { mapping } }),
  });
}

/**
 * Runs the import; the server answers one JSON line per batch as it goes, each passed to `onEvent`. Resolves with the
 * last event (done or failed).
 */
async function runImport(id: string, mapping: ImportMapping, onEvent: (event: ImportRunEvent) => void) {
  const response = await fetch(urlOf(importsApi.run, { params: { id } }), {
    method: 'POST',
    headers: { [CSRF_HEADER]: CSRF_VALUE, 'content-type': 'application/json' },
    body: JSON.stringify({ mapping }),
    credentials: 'same-origin',
  });
  if (!response.ok || !response.body) {
    const error = ((await response.json().catch(() => null)) as ApiErrorBody | null)?.error;
    throw new ApiError(response.status, error?.code ?? 'HTTP_ERROR', error?.message ?? response.statusText, error?.fields);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let last: ImportRunEvent | null = null;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    buffered += chunk.value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      last = JSON.parse(line) as ImportRunEvent;
      onEvent(last);
    }
  }
  if (!last || last.type === 'progress') throw new ApiError(0, 'INTERRUPTED', 'The connection ended before the import did.');
  return last;
}

export function useRunImport(kind: ImportKind, onEvent: (event: ImportRunEvent) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mapping }: { id: string; mapping: ImportMapping }) => runImport(id, mapping, onEvent),
    onSettled: () => queryClient.invalidateQueries({ queryKey: areaKey(kind) }),
  });
}

export function useUndoImport(kind: ImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(importsApi.undo, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: areaKey(kind) }),
  });
}
