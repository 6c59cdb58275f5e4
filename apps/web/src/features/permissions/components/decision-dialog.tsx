import { Textarea } from '@mantine/core';
import { decidirPermisoBodySchema, rechazarPermisoBodySchema, type Permiso } from '@jornada/contracts';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toasts';
import { usePermissionAction } from '../api/permissions';
import { periodText } from './labels';

export type PermissionDecision = 'aprobar' | 'rechazar' | 'anular';

const COPY: Record<PermissionDecision, { title: string; confirm: string; label: string; done: string }> = {
  aprobar: { title: 'Aprobar permiso', confirm: 'Aprobar', label: 'Comentario (opcional)', done: 'Permiso aprobado. Avisamos al trabajador por correo.' },
  rechazar: { title: 'Rechazar permiso', confirm: 'Rechazar', label: 'Motivo del rechazo', done: 'Permiso rechazado. Avisamos al trabajador por correo.' },
  anular: { title: 'Anular permiso', confirm: 'Anular permiso', label: 'Motivo (opcional)', done: 'Permiso anulado.' },
};

/** Approve (optional comment), reject (with a reason) or annul a permission, validated with the contracts' schemas. */
export function DecisionDialog({ permiso, action, own, onClose }: { permiso: Permiso | null; action: PermissionDecision | null; own?: boolean; onClose: () => void }) {
  const mutation = usePermissionAction();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText('');
    setError(null);
  }, [permiso, action]);
  if (!permiso || !action) return <ConfirmDialog opened={false} onClose={onClose} title="" confirmLabel="" onConfirm={() => undefined} />;
  const copy = own && action === 'anular' ? { ...COPY.anular, title: 'Retirar solicitud', confirm: 'Retirar solicitud', done: 'Retiraste tu solicitud.' } : COPY[action];

  const confirm = async () => {
    const parsed = (action === 'rechazar' ? rechazarPermisoBodySchema : decidirPermisoBodySchema).safeParse({ comentario: text });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      await mutation.mutateAsync({ id: permiso.id, action, comentario: parsed.data.comentario ?? undefined } as never);
      notify.success(copy.done);
      onClose();
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields?.comentario : undefined;
      if (field) setError(field);
      else {
        notify.error(errorMessage(failure));
        if (failure instanceof ApiError && (failure.status === 409 || failure.status === 404)) onClose();
      }
    }
  };

  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      title={copy.title}
      message={`${permiso.tipo.nombre} (${permiso.tipo.codigo}) ${own ? 'tuyo' : `de ${permiso.usuario.nombre} ${permiso.usuario.apellidos}`}: ${periodText(permiso)}.`}
      confirmLabel={copy.confirm}
      danger={action !== 'aprobar'}
      loading={mutation.isPending}
      onConfirm={confirm}
    >
      {!own && (
        <Textarea
          label={copy.label}
          name="comentario"
          autosize
          minRows={2}
          withAsterisk={action === 'rechazar'}
          data-autofocus
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
      )}
    </ConfirmDialog>
  );
}
