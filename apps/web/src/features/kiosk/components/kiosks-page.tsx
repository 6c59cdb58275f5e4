import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, Select, Stack, Text, TextInput } from '@mantine/core';
import type { Quiosco } from '@jornada/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useCloseKiosk, useKiosks, useOpenKiosk } from '../api/kiosks';
import { useSiteOptions } from '../../../lib/entity-options';
import { kioskDeviceToken } from '../device-token';

/**
 * `/dashboard/kiosks`: the company's kiosks. "Abrir quiosco" makes a device token for a site, keeps
 * it on THIS device (not the administrator's session) and opens `/kiosco` full screen.
 */
export function KiosksPage() {
  const kiosks = useKiosks();
  const sites = useSiteOptions();
  const open = useOpenKiosk();
  const close = useCloseKiosk();
  const navigate = useNavigate();
  const [showForm, setShowForm] = useState(false);
  const [sedeId, setSedeId] = useState<string | null>(null);
  const [nombre, setNombre] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [target, setTarget] = useState<Quiosco | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    open.mutate(
      { sedeId: sedeId ?? '', nombre },
      {
        onSuccess: ({ token }) => {
          kioskDeviceToken.set(token);
          void navigate('/kiosco');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          else notify.error(errorMessage(error));
        },
      },
    );
  };

  const columns: Column<Quiosco>[] = [
    { key: 'nombre', header: 'Quiosco', primary: true, cell: (k) => <Text fw={600}>{k.nombre}</Text> },
    { key: 'sede', header: 'Sede', cell: (k) => k.sede.nombre },
    { key: 'creado', header: 'Abierto', nowrap: true, cell: (k) => `${formatDateTime(k.creadoEn)} por ${k.creadoPor}` },
    { key: 'uso', header: 'Último uso', nowrap: true, cell: (k) => (k.ultimoUso ? formatDateTime(k.ultimoUso) : 'Nunca') },
    {
      key: 'estado',
      header: 'Estado',
      cell: (k) => (
        <Badge variant="light" size="sm" color={k.revocadoEn ? 'gray' : 'jornada'}>
          {k.revocadoEn ? 'Cerrado' : 'Abierto'}
        </Badge>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Quioscos"
        description="Equipos compartidos en una sede donde los trabajadores marcan con su huella o con su RUT y PIN."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Quioscos' }]}
        actions={<Button onClick={() => setShowForm((v) => !v)}>Abrir quiosco</Button>}
      />
      {showForm && (
        <form onSubmit={submit} aria-label="Abrir quiosco" style={{ marginBottom: 24 }}>
          <Stack gap="sm" maw={420}>
            <Text size="sm">
              El quiosco quedará abierto en este dispositivo. Tu sesión no se guarda en él: solo un código del quiosco, que puedes cerrar desde esta página.
            </Text>
            <Select label="Sede" name="sedeId" data={sites.data ?? []} value={sedeId} onChange={setSedeId} error={errors.sedeId} searchable placeholder="Elige la sede" />
            <TextInput label="Nombre del quiosco" name="nombre" value={nombre} onChange={(e) => setNombre(e.currentTarget.value)} error={errors.nombre} maxLength={80} placeholder="Entrada principal" />
            <div>
              <Button type="submit" loading={open.isPending} disabled={!sedeId || !nombre.trim()}>
                Abrir quiosco en este dispositivo
              </Button>
            </div>
          </Stack>
        </form>
      )}
      <DataTable
        caption="Quioscos"
        columns={columns}
        rows={kiosks.data?.items}
        rowKey={(k) => k.id}
        loading={kiosks.isPending}
        error={kiosks.error}
        onRetry={() => void kiosks.refetch()}
        rowActions={(k) =>
          k.revocadoEn ? null : (
            <Button size="xs" variant="light" color="red" onClick={() => setTarget(k)} aria-label={`Cerrar quiosco ${k.nombre}`}>
              Cerrar
            </Button>
          )
        }
        empty={{ title: 'Aún no hay quioscos', description: 'Abre uno en el equipo que quedará en la sede.' }}
      />
      <ConfirmDialog
        opened={target !== null}
        onClose={() => setTarget(null)}
        title="Cerrar quiosco"
        message={target ? `«${target.nombre}» dejará de aceptar marcas hasta que se abra de nuevo.` : undefined}
        confirmLabel="Cerrar quiosco"
        danger
        loading={close.isPending}
        onConfirm={() => {
          if (!target) return;
          close.mutate(target.id, {
            onSuccess: () => {
              setTarget(null);
              notify.success('Quiosco cerrado.');
            },
            onError: (error) => notify.error(errorMessage(error)),
          });
        }}
      />
    </>
  );
}
