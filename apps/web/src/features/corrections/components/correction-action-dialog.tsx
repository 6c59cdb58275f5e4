import { Textarea } from '@mantine/core';
import { anularCorreccionBodySchema, objetarCorreccionBodySchema, type Correccion } from '@jornada/contracts';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toasts';
import { useCorrectionAction } from '../api/corrections';

export type CorrectionAction = 'objetar' | 'aceptar' | 'anular';

/** "Salida del 02-06-2025 a las 18:00:05". */
export function correctedValue(c: Pick<Correccion, 'tipoEtiqueta' | 'fecha' | 'hora'>): string {
  return `${c.tipoEtiqueta} del ${c.fecha.split('-').reverse().join('-')} a las ${c.hora}`;
}

const COPY = {
  objetar: {
    title: 'Objetar corrección',
    confirm: 'Objetar corrección',
    label: 'Motivo de la objeción',
    name: 'objecion',
    message: (c: Correccion) =>
      `No se registrará la marca propuesta (${correctedValue(c)}) y se mantendrá tu registro original. Tu empleador recibirá tu objeción por correo.`,
    done: 'Objetaste la corrección: se mantiene tu registro original.',
  },
  aceptar: {
    title: 'Aceptar corrección',
    confirm: 'Aceptar corrección',
    label: '',
    name: '',
    message: (c: Correccion) => `La marca ${correctedValue(c)} se registrará ahora, con método «Corrección», y recibirás su comprobante. Después ya no podrás objetarla.`,
    done: 'Corrección aceptada: la marca quedó registrada.',
  },
  anular: {
    title: 'Anular corrección',
    confirm: 'Anular corrección',
    label: 'Motivo de la anulación',
    name: 'motivo',
    message: (c: Correccion) => `No se registrará la marca propuesta para ${c.trabajador.nombre} (${correctedValue(c)}). Le avisaremos por correo.`,
    done: 'Corrección anulada. Avisamos al trabajador por correo.',
  },
} as const;

/** Objetar (worker, with a reason), Aceptar (worker) and Anular (employer, with a reason), each validated with the contracts' schema. */
export function CorrectionActionDialog({ correction, action, onClose }: { correction: Correccion | null; action: CorrectionAction | null; onClose: () => void }) {
  const mutation = useCorrectionAction();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText('');
    setError(null);
  }, [correction, action]);
  if (!correction || !action) return <ConfirmDialog opened={false} onClose={onClose} title="" confirmLabel="" onConfirm={() => undefined} />;
  const copy = COPY[action];

  const confirm = async () => {
    try {
      if (action === 'objetar') {
        const parsed = objetarCorreccionBodySchema.safeParse({ objecion: text });
        if (!parsed.success) return setError(parsed.error.issues[0]!.message);
        await mutation.mutateAsync({ id: correction.id, action, body: parsed.data });
      } else if (action === 'anular') {
        const parsed = anularCorreccionBodySchema.safeParse({ motivo: text });
        if (!parsed.success) return setError(parsed.error.issues[0]!.message);
        await mutation.mutateAsync({ id: correction.id, action, body: parsed.data });
      } else {
        await mutation.mutateAsync({ id: correction.id, action });
      }
      notify.success(copy.done);
      onClose();
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields?.[copy.name] : undefined;
      if (field) setError(field);
      else {
        notify.error(errorMessage(failure));
        // The state changed meanwhile (deadline passed, annulled): show the list as it is now.
        if (failure instanceof ApiError && failure.status === 409) onClose();
      }
    }
  };

  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      title={copy.title}
      message={copy.message(correction)}
      confirmLabel={copy.confirm}
      danger={action === 'anular'}
      loading={mutation.isPending}
      onConfirm={confirm}
    >
      {action !== 'aceptar' && (
        <Textarea
          label={copy.label}
          name={copy.name}
          autosize
          minRows={3}
          withAsterisk
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
