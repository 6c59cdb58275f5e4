import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Text.css';
import { Alert, Group, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import { aprobarHorasExtraBodySchema, rechazarHorasExtraBodySchema, type HoraExtra } from '@jornada/contracts';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useDecideOvertime } from '../api/overtime';
import { formatSeconds, pactText } from './labels';

export type OvertimeAction = 'aprobar' | 'rechazar';

/**
 * Approves all (what the pact allows) or part (hours and minutes, never more than that) of a day's
 * overtime, or rejects it with a reason; validated with the contracts' schemas, the server decides.
 */
export function DecisionDialog({ item, action, onClose }: { item: HoraExtra | null; action: OvertimeAction | null; onClose: () => void }) {
  const mutation = useDecideOvertime();
  const [mode, setMode] = useState<'todo' | 'parte'>('todo');
  const [hours, setHours] = useState<number | string>(0);
  const [minutes, setMinutes] = useState<number | string>(0);
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<{ segundos?: string; motivo?: string }>({});
  useEffect(() => {
    setMode('todo');
    const max = item?.aprobableSegundos ?? 0;
    setHours(Math.floor(max / 3600));
    setMinutes(Math.floor((max % 3600) / 60));
    setMotivo('');
    setErrors({});
  }, [item, action]);
  if (!item || !action) return <ConfirmDialog opened={false} onClose={onClose} title="" confirmLabel="" onConfirm={() => undefined} />;

  const who = `${item.usuario.nombre} ${item.usuario.apellidos}`;
  const partSeconds = (Number(hours) || 0) * 3600 + (Number(minutes) || 0) * 60;

  const confirm = async () => {
    const found: typeof errors = {};
    let input: Parameters<typeof mutation.mutateAsync>[0];
    if (action === 'rechazar') {
      const parsed = rechazarHorasExtraBodySchema.safeParse({ motivo });
      if (!parsed.success) return setErrors({ motivo: parsed.error.issues[0]!.message });
      input = { item, action, motivo: parsed.data.motivo };
    } else {
      const segundos = mode === 'parte' ? partSeconds : undefined;
      const parsed = aprobarHorasExtraBodySchema.safeParse({ ...(segundos !== undefined ? { segundos } : {}), motivo });
      if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as 'segundos' | 'motivo'] ??= issue.message;
      if (segundos !== undefined && segundos > item.aprobableSegundos) found.segundos = `Como máximo ${formatSeconds(item.aprobableSegundos)}.`;
      if (Object.keys(found).length > 0 || !parsed.success) return setErrors(found);
      input = { item, action, ...(parsed.data.segundos !== undefined ? { segundos: parsed.data.segundos } : {}), ...(parsed.data.motivo ? { motivo: parsed.data.motivo } : {}) };
    }
    try {
      const saved = await mutation.mutateAsync(input);
      notify.success(action === 'rechazar' ? 'Horas extra rechazadas.' : `Aprobaste ${formatSeconds(saved.aprobadaSegundos ?? 0)} de horas extra.`);
      onClose();
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : undefined;
      if (fields?.segundos || fields?.motivo) setErrors({ segundos: fields.segundos, motivo: fields.motivo });
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
      title={action === 'aprobar' ? 'Aprobar horas extra' : 'Rechazar horas extra'}
      message={`${who}, ${formatDate(item.fecha)}: ${formatSeconds(item.encontradaSegundos)} de horas extra encontradas.`}
      confirmLabel={action === 'aprobar' ? 'Aprobar' : 'Rechazar'}
      danger={action === 'rechazar'}
      loading={mutation.isPending}
      onConfirm={confirm}
    >
      <Text size="sm" c="dimmed">
        {pactText(item.pacto)}
      </Text>
      {item.encontradaSegundos > item.aprobableSegundos && item.aprobableSegundos > 0 && action === 'aprobar' && (
        <Alert color="orange" variant="light" p="xs">
          Lo que supera el máximo del pacto ({formatSeconds(item.encontradaSegundos - item.aprobableSegundos)}) no se puede aprobar.
        </Alert>
      )}
      {action === 'aprobar' && (
        <Radio.Group value={mode} onChange={(value) => setMode(value as 'todo' | 'parte')} label="¿Cuánto apruebas?" name="modo">
          <Stack gap="xs" mt={6}>
            <Radio value="todo" label={`Todo lo aprobable: ${formatSeconds(item.aprobableSegundos)}`} />
            <Radio value="parte" label="Una parte" />
          </Stack>
        </Radio.Group>
      )}
      {action === 'aprobar' && mode === 'parte' && (
        <Group grow align="flex-start">
          <NumberInput label="Horas" name="horas" min={0} max={2} allowDecimal={false} value={hours} onChange={(v) => (setHours(v), setErrors({}))} />
          <NumberInput label="Minutos" name="minutos" min={0} max={59} allowDecimal={false} value={minutes} onChange={(v) => (setMinutes(v), setErrors({}))} error={errors.segundos} />
        </Group>
      )}
      {action === 'aprobar' && mode === 'todo' && errors.segundos && (
        <Text size="sm" c="red">
          {errors.segundos}
        </Text>
      )}
      <Textarea
        label={action === 'rechazar' ? 'Motivo del rechazo' : 'Comentario (opcional)'}
        name="motivo"
        autosize
        minRows={2}
        withAsterisk={action === 'rechazar'}
        value={motivo}
        onChange={(event) => {
          setMotivo(event.currentTarget.value);
          setErrors({});
        }}
        error={errors.motivo}
      />
    </ConfirmDialog>
  );
}
