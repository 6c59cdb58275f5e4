import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Text.css';
import { Button, NumberInput, Text } from '@mantine/core';
import { actualizarConfiguracionHorasExtraBodySchema, UMBRAL_REVISION_MAX_MINUTOS } from '@jornada/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useReviewSettings, useSaveReviewSettings } from '../api/overtime';
import { formatSeconds } from './labels';

/**
 * The administrador's «Umbral de revisión» button and dialog: days with more overtime than the
 * threshold are listed for review. Validated with the contracts' schema; a threshold for review,
 * never for pay.
 */
export function ThresholdButton() {
  const settings = useReviewSettings();
  const save = useSaveReviewSettings();
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState<number | string>('');
  const [error, setError] = useState<string | undefined>();
  const current = settings.data?.umbralRevisionMinutos;

  const show = () => {
    setMinutes(current ?? '');
    setError(undefined);
    setOpen(true);
  };

  const confirm = async () => {
    const parsed = actualizarConfiguracionHorasExtraBodySchema.safeParse({ umbralRevisionMinutos: minutes === '' ? undefined : Number(minutes) });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      const saved = await save.mutateAsync(parsed.data);
      notify.success(`Desde ahora se revisan los días con más de ${formatSeconds(saved.umbralRevisionMinutos * 60)} de horas extra.`);
      setOpen(false);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields?.umbralRevisionMinutos : undefined;
      if (field) setError(field);
      else notify.error(errorMessage(failure));
    }
  };

  return (
    <>
      <Button variant="default" onClick={show} disabled={current === undefined}>
        {current === undefined ? 'Umbral de revisión' : `Umbral de revisión: ${formatSeconds(current * 60)}`}
      </Button>
      <ConfirmDialog opened={open} onClose={() => setOpen(false)} title="Umbral de revisión de horas extra" confirmLabel="Guardar" loading={save.isPending} onConfirm={confirm}>
        <Text size="sm">
          Los días con más horas extra que este umbral aparecen en las excepciones para revisarlos. Es un umbral para revisar, no para pagar: todas las horas extra
          encontradas se pagan.
        </Text>
        <NumberInput
          label="Minutos de horas extra por día"
          name="umbralRevisionMinutos"
          description={`Entre 0 y ${UMBRAL_REVISION_MAX_MINUTOS} minutos. Con 0, todo día con horas extra se revisa.`}
          min={0}
          max={UMBRAL_REVISION_MAX_MINUTOS}
          allowDecimal={false}
          value={minutes}
          onChange={(value) => {
            setMinutes(value);
            setError(undefined);
          }}
          error={error}
          data-autofocus
        />
        {settings.data?.actualizadoPor && settings.data.actualizadoEn && (
          <Text size="xs" c="dimmed">
            Último cambio: {settings.data.actualizadoPor.nombre} {settings.data.actualizadoPor.apellidos}, {formatDateTime(settings.data.actualizadoEn)}.
          </Text>
        )}
      </ConfirmDialog>
    </>
  );
}
