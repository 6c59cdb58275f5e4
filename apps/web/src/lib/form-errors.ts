import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from './api-client';
import { notify } from './toasts';

/**
 * Puts the server's per-field messages of a failed submit on the form's fields (those the form has)
 * and toasts the rest. Returns true when at least one field got a message.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fieldNames: readonly string[]): boolean {
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  let applied = false;
  const leftover: string[] = [];
  for (const [key, message] of Object.entries(fields)) {
    const name = key.split('.')[0]!;
    if (fieldNames.includes(name)) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    } else leftover.push(message);
  }
  if (!applied || leftover.length > 0) notify.error(leftover.length > 0 ? leftover.join(' ') : errorMessage(error));
  return applied;
}
