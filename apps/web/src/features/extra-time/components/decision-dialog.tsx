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
 * The review of a day's overtime: confirm all of it or a part (hours and minutes; the rest is disputed),
 * or dispute it with a reason. Every found second is paid either way (art. 32 inc. 3): a dispute is
 * settled by correcting the marks. Validated with the contracts' schemas; the server decides.
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
      if (segundos !== undefined && segundos > item.aprobableSegundos) found.segundos = `Como máximo lo encontrado: ${formatSeconds(item.aprobableSegundos)}.`;
      if (Object.keys(found).length > 0 || !parsed.success) return setErrors(found);
      input = { item, action, ...(parsed.data.segundos !== undefined ? { segundos: parsed.data.segundos } : {}), ...(parsed.data.motivo ? { motivo: parsed.data.motivo } : {}) };
    }
    try {
      const saved = await mutation.mutateAsync(input);
      notify.success(action === 'rechazar' ? 'Las horas extra quedaron en disputa. Se pagan hasta que se corrijan las marcas.' : `Confirmaste ${formatSeconds(saved.aprobadaSegundos ?? 0)} de horas extra.`);
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
      title={action === 'aprobar' ? 'Confirmar horas extra' : 'Disputar horas extra'}
      message={`${who}, ${formatDate(item.fecha)}: ${formatSeconds(item.encontradaSegundos)} de horas extra encontradas.`}
      confirmLabel={action === 'aprobar' ? 'Confirmar' : 'Disputar'}
      danger={action === 'rechazar'}
      loading={mutation.isPending}
      onConfirm={confirm}
    >
      <Text size="sm" c="dimmed">
        {pactText(item.pacto)}
      </Text>
      <Alert color={action === 'rechazar' ? 'orange' : 'blue'} variant="light" p="xs">
        {action === 'rechazar'
          ? 'Las horas en disputa se siguen pagando: si están mal registradas, corrige las marcas del día (el trabajador acepta la corrección).'
          : 'Todas las horas extra encontradas se pagan, con o sin pacto (art. 32). Confirmar es dejar constancia de que las revisaste.'}
      </Alert>
      {action === 'aprobar' && (
        <Radio.Group value={mode} onChange={(value) => setMode(value as 'todo' | 'parte')} label="¿Cuánto confirmas?" name="modo">
          <Stack gap="xs" mt={6}>
            <Radio value="todo" label={`Todo: ${formatSeconds(item.aprobableSegundos)}`} />
            <Radio value="parte" label="Una parte (el resto queda en disputa)" />
          </Stack>
        </Radio.Group>
      )}
      {action === 'aprobar' && mode === 'parte' && (
        <Group grow align="flex-start">
          <NumberInput label="Horas" name="horas" min={0} max={24} allowDecimal={false} value={hours} onChange={(v) => (setHours(v), setErrors({}))} />
          <NumberInput label="Minutos" name="minutos" min={0} max={59} allowDecimal={false} value={minutes} onChange={(v) => (setMinutes(v), setErrors({}))} error={errors.segundos} />
        </Group>
      )}
      {action === 'aprobar' && mode === 'todo' && errors.segundos && (
        <Text size="sm" c="red">
          {errors.segundos}
        </Text>
      )}
      <Textarea
        label={action === 'rechazar' ? 'Motivo de la disputa' : 'Comentario (opcional)'}
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
