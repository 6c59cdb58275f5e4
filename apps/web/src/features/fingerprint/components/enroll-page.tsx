import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Blockquote.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Alert, Badge, Blockquote, Button, Checkbox, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import type { Credencial } from '@jornada/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, ErrorState } from '../../../components/states';
import { ApiError } from '../../../lib/api-client';
import { useWorkerOptions } from '../../../lib/entity-options';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { useGrantConsent, useConsent, useWithdrawConsent } from '../api/consent';
import { useCredentials, useMyCredentials, useRevokeCredential } from '../api/credentials';
import { useEnrolFingerprint } from '../api/enrol';
import { describeError } from '../hooks/use-fingerprint-mark';
import { webauthnSupported } from '../../../lib/webauthn';

/**
 * `/dashboard/enroll-footprint`: the worker's express consent first, then the fingerprint of this
 * device (WebAuthn platform authenticator). An administrator may choose a worker (`?usuarioId=`) to
 * enrol them on a shared kiosk device; the worker signs the consent with their PIN.
 */
export function EnrollFootprintPage() {
  const { user } = useSession();
  const isAdmin = user.perfil === 'administrador';
  const [params, setParams] = useSearchParams();
  const usuarioId = (isAdmin && params.get('usuarioId')) || undefined;
  const [workerSearch, setWorkerSearch] = useState('');
  const workers = useWorkerOptions(workerSearch, { soloActivos: true, enabled: isAdmin });
  const consent = useConsent(usuarioId);

  return (
    <>
      <PageHeader
        title="Registrar huella"
        description="Tu huella queda en el lector de este dispositivo; Jornada guarda solo una llave pública para verificar tus marcas."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Huella' }, { label: 'Registrar huella' }]}
      />
      <Stack gap="lg">
        {isAdmin && (
          <SectionCard title="Trabajador" description="Para registrar la huella de otra persona en un equipo compartido (por ejemplo, el quiosco de la sede).">
            <Select
              label="Trabajador"
              name="usuarioId"
              placeholder="Yo mismo"
              searchable
              clearable
              data={workers.data ?? []}
              value={usuarioId ?? null}
              searchValue={workerSearch}
              onSearchChange={setWorkerSearch}
              onChange={(value) => setParams(value ? { usuarioId: value } : {}, { replace: true })}
              nothingFoundMessage="Sin coincidencias"
              filter={({ options }) => options}
            />
          </SectionCard>
        )}
        {consent.isPending ? (
          <BlockSkeleton label="Cargando consentimiento" />
        ) : consent.error ? (
          <ErrorState error={consent.error} onRetry={() => void consent.refetch()} />
        ) : (
          <>
            {!consent.data.huellaPermitida && (
              <Alert color="yellow" title="La huella no está habilitada">
                {usuarioId ? 'Este trabajador' : 'Tu cuenta'} no tiene la huella entre sus métodos de marcaje. Un administrador puede agregarla en la ficha del
                usuario.
              </Alert>
            )}
            <ConsentSection usuarioId={usuarioId} state={consent.data} />
            <EnrolSection usuarioId={usuarioId} ready={Boolean(consent.data.consentimiento) && consent.data.huellaPermitida} />
            {usuarioId ? <WorkerCredentials usuarioId={usuarioId} /> : <MyCredentials />}
          </>
        )}
      </Stack>
    </>
  );
}

function ConsentSection({ usuarioId, state }: { usuarioId: string | undefined; state: NonNullable<ReturnType<typeof useConsent>['data']> }) {
  const grant = useGrantConsent();
  const withdraw = useWithdrawConsent();
  const [accepted, setAccepted] = useState(false);
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const current = state.consentimiento;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setPinError(null);
    grant.mutate(
      { usuarioId, acepta: true, version: state.version, ...(usuarioId ? { pinTrabajador: pin } : {}) },
      {
        onSuccess: () => notify.success('Consentimiento registrado.'),
        onError: (error) => {
          if (error instanceof ApiError && error.fields?.pinTrabajador) setPinError(error.fields.pinTrabajador);
          else notify.error(describeError(error));
        },
      },
    );
  };

  return (
    <SectionCard title="1. Consentimiento para usar la huella" description="Exigido por la Dirección del Trabajo antes de usar un método biométrico.">
      <Blockquote color="jornada" p="md" mb="md">
        <Text size="sm">{state.texto}</Text>
      </Blockquote>
      {current ? (
        <Group justify="space-between" align="center">
          <Text size="sm" role="status">
            <Badge color="jornada" variant="light" mr="xs">
              Consentimiento vigente
            </Badge>
            Otorgado el {formatDateTime(current.otorgadoEn)}, registrado por {current.registradoPor.nombre}
            {current.confirmacion === 'pin_trabajador' ? ' con el PIN del trabajador' : ''}.
          </Text>
          <Button variant="subtle" color="red" onClick={() => setConfirmWithdraw(true)}>
            Retirar consentimiento
          </Button>
        </Group>
      ) : (
        <form onSubmit={submit} aria-label="Consentimiento">
          <Stack gap="sm">
            <Checkbox
              name="acepta"
              label={usuarioId ? 'El trabajador leyó y acepta el texto de consentimiento' : 'He leído y acepto el texto de consentimiento'}
              checked={accepted}
              onChange={(event) => setAccepted(event.currentTarget.checked)}
            />
            {usuarioId && (
              <PasswordInput
                label="PIN del trabajador"
                description="El trabajador escribe su PIN de marcaje como firma de su consentimiento."
                name="pinTrabajador"
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                value={pin}
                onChange={(event) => setPin(event.currentTarget.value)}
                error={pinError}
                w={{ base: '100%', sm: 260 }}
              />
            )}
            <div>
              <Button type="submit" disabled={!accepted || (Boolean(usuarioId) && pin.length < 4)} loading={grant.isPending}>
                Dar consentimiento
              </Button>
            </div>
          </Stack>
        </form>
      )}
      <ConfirmDialog
        opened={confirmWithdraw}
        onClose={() => setConfirmWithdraw(false)}
        title="Retirar consentimiento"
        message="Se anularán todas las huellas registradas de este trabajador. Podrá seguir marcando con los otros métodos."
        confirmLabel="Retirar consentimiento"
        danger
        loading={withdraw.isPending}
        onConfirm={() => {
          withdraw.mutate(usuarioId, {
            onSuccess: () => {
              setConfirmWithdraw(false);
              notify.success('Consentimiento retirado. Las huellas quedaron revocadas.');
            },
            onError: (error) => notify.error(describeError(error)),
          });
        }}
      />
    </SectionCard>
  );
}

function EnrolSection({ usuarioId, ready }: { usuarioId: string | undefined; ready: boolean }) {
  const enrol = useEnrolFingerprint();
  const [name, setName] = useState('');
  const supported = webauthnSupported();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    enrol.mutate(
      { usuarioId, nombreDispositivo: name.trim() },
      {
        onSuccess: () => {
          setName('');
          notify.success('Huella registrada.');
        },
      },
    );
  };
  return (
    <SectionCard title="2. Registrar la huella en este dispositivo" description="El dispositivo te pedirá poner el dedo en su lector (o su bloqueo de pantalla).">
      {!supported ? (
        <Alert color="yellow">Este navegador no permite usar la huella. Usa un celular, tablet o computador con lector de huella y un navegador actualizado.</Alert>
      ) : (
        <form onSubmit={submit} aria-label="Registrar huella">
          <Stack gap="sm">
            <TextInput
              label="Nombre del dispositivo"
              description="Para reconocerlo en el registro de huellas, por ejemplo «Celular de Ana» o «Quiosco bodega»."
              name="nombreDispositivo"
              value={name}
              maxLength={80}
              onChange={(event) => setName(event.currentTarget.value)}
              disabled={!ready}
              w={{ base: '100%', sm: 360 }}
            />
            {enrol.error && (
              <Alert color="red" role="alert">
                {describeError(enrol.error)}
              </Alert>
            )}
            <div>
              <Button type="submit" disabled={!ready || !name.trim()} loading={enrol.isPending}>
                Registrar huella
              </Button>
            </div>
            {!ready && (
              <Text size="sm" c="dimmed">
                Primero se necesita el consentimiento y la huella habilitada como método de marcaje.
              </Text>
            )}
          </Stack>
        </form>
      )}
    </SectionCard>
  );
}

function CredentialList({ items, label }: { items: Credencial[]; label: string }) {
  const revoke = useRevokeCredential();
  const [target, setTarget] = useState<Credencial | null>(null);
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Sin huellas registradas.
      </Text>
    );
  return (
    <>
      <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((c) => (
          <li key={c.id} style={{ padding: '8px 0', borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
            <Group justify="space-between">
              <div>
                <Text fw={600}>{c.nombreDispositivo}</Text>
                <Text size="sm" c="dimmed">
                  Registrada el {formatDateTime(c.registradaEn)} · último uso: {c.ultimoUso ? formatDateTime(c.ultimoUso) : 'nunca'}
                </Text>
              </div>
              <Button size="xs" variant="light" color="red" onClick={() => setTarget(c)} aria-label={`Revocar huella ${c.nombreDispositivo}`}>
                Revocar
              </Button>
            </Group>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        opened={target !== null}
        onClose={() => setTarget(null)}
        title="Revocar huella"
        message={target ? `La huella de «${target.nombreDispositivo}» dejará de servir para marcar.` : undefined}
        confirmLabel="Revocar huella"
        danger
        loading={revoke.isPending}
        onConfirm={() => {
          if (!target) return;
          revoke.mutate(target.id, {
            onSuccess: () => {
              setTarget(null);
              notify.success('Huella revocada.');
            },
            onError: (error) => notify.error(describeError(error)),
          });
        }}
      />
    </>
  );
}

function MyCredentials() {
  const mine = useMyCredentials();
  return (
    <SectionCard title="Mis huellas registradas">
      {mine.isPending ? <BlockSkeleton lines={2} label="Cargando huellas" /> : mine.error ? <ErrorState error={mine.error} onRetry={() => void mine.refetch()} /> : <CredentialList items={mine.data.items} label="Mis huellas" />}
    </SectionCard>
  );
}

function WorkerCredentials({ usuarioId }: { usuarioId: string }) {
  const list = useCredentials({ usuarioId, estado: 'activas', pageSize: 100 });
  return (
    <SectionCard title="Huellas registradas del trabajador">
      {list.isPending ? <BlockSkeleton lines={2} label="Cargando huellas" /> : list.error ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : <CredentialList items={list.data.items} label="Huellas del trabajador" />}
    </SectionCard>
  );
}
