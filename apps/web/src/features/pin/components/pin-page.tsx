import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { PIN_MAX, PIN_MIN, pinTrivialMessage, type EstadoPin } from '@jornada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, ErrorState } from '../../../components/states';
import { ApiError, apiGet, apiRequest, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useToken } from '../../../lib/use-token';

/** The PIN's state (set or not, when); saving writes the answer into it. */
const pinKeys = { state: ['pin'] as const };

/** `/dashboard/pin`: the worker's marking PIN (the kiosk's non-biometric method). */
export function PinPage() {
  const token = useToken();
  const client = useQueryClient();
  const state = useQuery({ queryKey: pinKeys.state, queryFn: ({ signal }) => apiGet<EstadoPin>('/v1/pin', { token, signal }) });
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: { pinActual?: string; pinNuevo: string }) => apiRequest<EstadoPin>('PUT', '/v1/pin', body, { token }),
    onSuccess: (data) => {
      client.setQueryData(pinKeys.state, data);
      setCurrent('');
      setNext('');
      setRepeat('');
      notify.success('PIN guardado. Te enviamos un correo con la fecha y hora del cambio.');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length) setErrors(error.fields);
      else notify.error(errorMessage(error));
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const trivial = pinTrivialMessage(next);
    if (trivial) found.pinNuevo = trivial;
    else if (next !== repeat) found.confirmacion = 'Los PIN no coinciden.';
    if (state.data?.definido && !current) found.pinActual = 'Ingresa tu PIN actual para cambiarlo.';
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate({ ...(state.data?.definido ? { pinActual: current } : {}), pinNuevo: next });
  };

  return (
    <>
      <PageHeader
        title="Mi PIN de marcaje"
        description="Con tu RUT y este PIN marcas en el quiosco de tu sede, sin usar datos biométricos."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Mi PIN de marcaje' }]}
      />
      <SectionCard
        title={state.data?.definido ? 'Cambiar PIN' : 'Definir PIN'}
        description={`De ${PIN_MIN} a ${PIN_MAX} dígitos. No se aceptan PIN fáciles de adivinar como 1234, 0000 o 1212. Cada cambio te llega por correo con su fecha y hora.`}
      >
        {state.isPending ? (
          <BlockSkeleton lines={3} label="Cargando PIN" />
        ) : state.error ? (
          <ErrorState error={state.error} onRetry={() => void state.refetch()} />
        ) : (
          <form onSubmit={submit} aria-label="PIN de marcaje" noValidate>
            <Stack gap="sm" maw={320}>
              <Text size="sm" role="status">
                {state.data.definido ? `Tu PIN se definió o cambió por última vez el ${formatDateTime(state.data.actualizadoEn)}.` : 'Todavía no tienes PIN de marcaje.'}
              </Text>
              {state.data.definido && (
                <PasswordInput label="PIN actual" name="pinActual" inputMode="numeric" autoComplete="off" maxLength={PIN_MAX} value={current} onChange={(e) => setCurrent(e.currentTarget.value)} error={errors.pinActual} />
              )}
              <PasswordInput label="PIN nuevo" name="pinNuevo" inputMode="numeric" autoComplete="off" maxLength={PIN_MAX} value={next} onChange={(e) => setNext(e.currentTarget.value)} error={errors.pinNuevo} />
              <PasswordInput label="Repetir PIN nuevo" name="confirmacion" inputMode="numeric" autoComplete="off" maxLength={PIN_MAX} value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} error={errors.confirmacion} />
              <div>
                <Button type="submit" loading={save.isPending}>
                  Guardar PIN
                </Button>
              </div>
            </Stack>
          </form>
        )}
      </SectionCard>
    </>
  );
}
