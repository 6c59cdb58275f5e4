import '@mantine/core/styles/Button.css';
import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { apiDownload, errorMessage, type Query } from '../lib/api-client';
import { saveBlob } from '../lib/download';
import { useSession } from '../lib/session';
import { notify } from '../lib/toasts';
import { IconDownload } from './icons';

export interface ExportButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'loading'> {
  /** API path after the base, e.g. `/v1/usuarios/exportar`. */
  path: string;
  /** The list's current filters, so the file has what the screen shows. */
  query?: Query;
  /** Used when the server does not name the file. */
  filename: string;
  label?: string;
}

/**
 * Downloads a file from an authenticated API address: fetch with the session's Bearer token, then
 * hand the blob to the browser. Disabled while downloading, with the percentage when the size is
 * known; a failure is a toast with the server's message.
 */
export function ExportButton({ path, query, filename, label = 'Exportar Excel', ...props }: ExportButtonProps) {
  const { token } = useSession();
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const busy = progress !== undefined;

  const download = async () => {
    setProgress(null);
    try {
      const result = await apiDownload(path, { token: token ?? undefined, query, onProgress: setProgress });
      saveBlob(result.blob, result.filename ?? filename);
      notify.success('Descarga lista.');
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} />}
      onClick={download}
      disabled={busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy ? (progress ? `Descargando… ${Math.round(progress * 100)} %` : 'Descargando…') : label}
    </Button>
  );
}
