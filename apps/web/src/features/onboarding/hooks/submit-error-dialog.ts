import { ApiError } from '../../../lib/api-client';
import { showErrorDialog } from '../../../lib/dialogs';
import { ONBOARDING_DIALOGS } from '../messages';

/**
 * A 4xx answer is "an error in the data" (the spec's not-ok case), listed with the server's field
 * messages; anything else (no connection, 5xx) is "something went wrong".
 */
export function showSubmitError(error: unknown, labels: Record<string, string>): Promise<void> {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    const details = error.fields
      ? Object.entries(error.fields).map(([field, message]) => `${labels[field] ?? field}: ${message}`)
      : error.message
        ? [error.message]
        : [];
    return showErrorDialog({ ...ONBOARDING_DIALOGS.dataError, details });
  }
  if (!(error instanceof ApiError)) console.error('Error al enviar el formulario:', error);
  return showErrorDialog(ONBOARDING_DIALOGS.failure);
}
