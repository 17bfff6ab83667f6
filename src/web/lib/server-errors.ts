import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the field messages of a refused save (`fields` of the error, keyed by API field name) next to the form's own
 * fields; `formField` maps an API name to the form's where they differ (price_cents → price). True when any was placed.
 */
export function showServerErrors<F extends FieldValues>(
  setError: UseFormSetError<F>,
  error: unknown,
  formField: (apiField: string) => string = (apiField) => apiField,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fields);
  for (const [field, message] of entries) setError(formField(field) as FieldPath<F>, { message });
  return entries.length > 0;
}
