import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import { Button, Text } from '@mantine/core';
import type { Permiso } from '@jornada/contracts';
import { saveBlob } from '../../../lib/download';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useDownloadAttachment } from '../api/permissions';
import { formatAmount, periodText } from './labels';
import classes from './permissions-page.module.css';

export function TypeCell({ permiso }: { permiso: Permiso }) {
  return (
    <div className={classes.cell}>
      <Text size="sm" fw={600}>
        {permiso.tipo.nombre}
      </Text>
      <Text size="xs" c="dimmed">
        {permiso.tipo.codigo} · {permiso.tipo.conGoce ? 'Con goce' : 'Sin goce'}
      </Text>
    </div>
  );
}

export function PeriodCell({ permiso }: { permiso: Permiso }) {
  return (
    <div className={classes.cell}>
      <Text size="sm">{periodText(permiso)}</Text>
      <Text size="xs" c="dimmed">
        {formatAmount(permiso.cantidad, permiso.tipo.unidad)}
      </Text>
    </div>
  );
}

/** The request's comment, who decided and why, and the attachment. */
export function NotesCell({ permiso }: { permiso: Permiso }) {
  const download = useDownloadAttachment();
  return (
    <div className={`${classes.cell} ${classes.note}`}>
      {permiso.comentario && <Text size="sm">{permiso.comentario}</Text>}
      <Text size="xs" c="dimmed">
        {permiso.origen === 'asignado' ? 'Asignado' : 'Solicitado'}
        {permiso.creadoPor ? ` por ${permiso.creadoPor.nombre} ${permiso.creadoPor.apellidos}` : ''} el {formatDateTime(permiso.creadoEn)}
      </Text>
      {permiso.decididoPor && permiso.estado !== 'pendiente' && !(permiso.origen === 'asignado' && permiso.estado === 'aprobado') && (
        <Text size="xs" c={permiso.estado === 'rechazado' ? 'red.9' : 'dimmed'}>
          {permiso.estado === 'aprobado' ? 'Aprobado' : permiso.estado === 'rechazado' ? 'Rechazado' : 'Anulado'} por {permiso.decididoPor.nombre} {permiso.decididoPor.apellidos}
          {permiso.comentarioDecision ? `: ${permiso.comentarioDecision}` : ''}
        </Text>
      )}
      {permiso.adjunto && (
        <Button
          variant="subtle"
          size="compact-xs"
          loading={download.isPending}
          onClick={async () => {
            try {
              const file = await download.mutateAsync(permiso);
              saveBlob(file.blob, file.filename ?? permiso.adjunto!.nombre);
            } catch (failure) {
              notify.error(errorMessage(failure));
            }
          }}
        >
          Descargar {permiso.adjunto.nombre}
        </Button>
      )}
    </div>
  );
}
