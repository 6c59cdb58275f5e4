import '@mantine/core/styles/Button.css';
import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { apiDownload, errorMessage, type DownloadProgress, type Query } from '../lib/api-client';
import { saveBlob } from '../lib/download';
import { useSession } from '../lib/session';
import { notify } from '../lib/toasts';
import { IconDownload } from './icons';

interface ExportButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'loading'> {
  /** API path after the base, e.g. `/v1/usuarios/exportar`. */
  path: string;
  /** The list's current filters, so the file has what the screen shows. */
  query?: Query;
  /** Used when the server does not name the file. */
  filename: string;
  label?: string;
}

/** `1,2 MB` in Chilean notation. */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024).toLocaleString('es-CL')} KB`;
  return `${(bytes / 1024 ** 2).toLocaleString('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}

function progressLabel(progress: DownloadProgress | null): string {
  if (!progress) return 'Descargando…';
  if (progress.fraction !== null) return `Descargando… ${Math.round(progress.fraction * 100)} %`;
  // A streamed file (no size known until it ends): what has arrived so far.
  return progress.bytes > 0 ? `Descargando… ${formatBytes(progress.bytes)}` : 'Descargando…';
}

/**
 * Downloads a file from an authenticated API address: fetch with the session's Bearer token, then
 * hand the blob to the browser. Disabled while downloading, with the percentage when the size is
 * known and the bytes received when it is streamed; a failure is a toast with the server's message.
 */
export function ExportButton({ path, query, filename, label = 'Exportar Excel', ...props }: ExportButtonProps) {
  const { token } = useSession();
  const [progress, setProgress] = useState<DownloadProgress | null | undefined>(undefined);
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
      {...props}
      onClick={download}
      // A caller's `disabled` (an invalid filter) adds to the download in progress, never replaces it.
      disabled={busy || props.disabled}
      aria-busy={busy || undefined}
    >
      {busy ? progressLabel(progress) : label}
    </Button>
  );
}
