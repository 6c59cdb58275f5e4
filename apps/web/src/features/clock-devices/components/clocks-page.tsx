import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, Modal, Select, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { ESTADOS_RELOJ, TIPO_MARCA_LABELS, type Reloj } from '@jornada/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { FilterSelect } from '../../../components/filter-select';
import { IconPlus } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useSiteOptions } from '../../../lib/entity-options';
import { useClocks, useNewClockKey, useSaveClock } from '../api/clocks';
import classes from './clocks-page.module.css';

const FILTERS = ['sedeId', 'activo'] as const;
const ESTADO_OPTIONS = [
  { value: 'true', label: 'Activos' },
  { value: 'false', label: 'Inactivos' },
];
/** A device polls every few seconds; beyond this it is probably off or without network. */
const STALE_AFTER_MS = 10 * 60 * 1000;

/** "hace 3 min", "hace 2 h", or the date beyond a day. */
function sinceText(iso: string, now = Date.now()): string {
  const ms = now - new Date(iso).getTime();
  if (ms < 60_000) return 'hace un momento';
  if (ms < 3_600_000) return `hace ${Math.floor(ms / 60_000)} min`;
  if (ms < 86_400_000) return `hace ${Math.floor(ms / 3_600_000)} h`;
  return formatDateTime(iso);
}

function LastContact({ clock }: { clock: Reloj }) {
  if (!clock.ultimoContacto) {
    return (
      <Text size="sm" c="dimmed">
        Nunca se ha conectado
      </Text>
    );
  }
  const stale = Date.now() - new Date(clock.ultimoContacto).getTime() > STALE_AFTER_MS;
  return (
    <div>
      <Text size="sm" title={formatDateTime(clock.ultimoContacto)}>
        {sinceText(clock.ultimoContacto)}
      </Text>
      {stale && clock.activo && (
        <Badge size="xs" color="sol" variant="light">
          Sin contacto reciente
        </Badge>
      )}
      {clock.ultimaIp && (
        <Text size="xs" c="dimmed">
          Desde {clock.ultimaIp}
        </Text>
      )}
    </div>
  );
}

interface FormState {
  numeroSerie: string;
  nombre: string;
  sedeId: string | null;
  activo: boolean;
  /** Allowed networks, one per line or separated by commas. */
  redes: string;
}

const networksOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((network) => network.trim())
    .filter(Boolean);

/** Whether the device can be accepted at all: it needs a key, networks or both (a line under its serial). */
function Credentials({ clock }: { clock: Reloj }) {
  if (!clock.conClave && clock.redesPermitidas.length === 0) {
    return (
      <Text size="xs" c="red.8" fw={600}>
        Sin clave ni redes: se rechaza
      </Text>
    );
  }
  const parts = [...(clock.conClave ? ['Con clave'] : []), ...clock.redesPermitidas];
  return (
    <Text size="xs" c="dimmed">
      {parts.join(' · ')}
    </Text>
  );
}

/** Generates a new key and shows, once, the server address to configure on the device. */
function KeyDialog({ clock, onClose }: { clock: Reloj; onClose: () => void }) {
  const newKey = useNewClockKey();
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  const generate = async () => {
    try {
      await newKey.mutateAsync(clock.id);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return (
    <div className={classes.form}>
      {newKey.data ? (
        <>
          <Text>Configura esta dirección de servidor en el reloj (Menú → Comunicación → Servidor en la nube). Solo se muestra ahora:</Text>
          <Text fw={600} className={classes.mono} style={{ overflowWrap: 'anywhere' }} aria-label="Dirección del servidor con la clave">
            {origin}
            {newKey.data.ruta}
          </Text>
          <Text size="sm" c="dimmed">
            Si el reloj no permite una ruta en la dirección del servidor, usa en cambio redes permitidas.
          </Text>
        </>
      ) : (
        <Text>
          {clock.conClave
            ? 'Al generar una clave nueva, la actual deja de servir: tendrás que configurar la dirección nueva en el reloj.'
            : 'La clave va en la dirección del servidor que configuras en el reloj. Sin ella (ni redes permitidas), el reloj se rechaza.'}
        </Text>
      )}
      <div className={classes.formActions}>
        <Button variant="default" onClick={onClose}>
          {newKey.data ? 'Listo' : 'Cancelar'}
        </Button>
        {!newKey.data && (
          <Button onClick={() => void generate()} loading={newKey.isPending}>
            Generar clave
          </Button>
        )}
      </div>
    </div>
  );
}

function ClockForm({ editing, onClose }: { editing: Reloj | 'new'; onClose: () => void }) {
  const isNew = editing === 'new';
  const sites = useSiteOptions();
  const save = useSaveClock();
  const [values, setValues] = useState<FormState>(() =>
    isNew
      ? { numeroSerie: '', nombre: '', sedeId: null, activo: true, redes: '' }
      : { numeroSerie: editing.numeroSerie, nombre: editing.nombre, sedeId: editing.sede.id, activo: editing.activo, redes: editing.redesPermitidas.join('\n') },
  );
  const [errors, setErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: typeof errors = {};
    if (!values.numeroSerie.trim()) local.numeroSerie = 'Ingresa el número de serie del reloj.';
    if (!values.nombre.trim()) local.nombre = 'Ingresa el nombre del reloj.';
    if (!values.sedeId) local.sedeId = 'Elige la sede donde está el reloj.';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      const body = { numeroSerie: values.numeroSerie.trim(), nombre: values.nombre.trim(), sedeId: values.sedeId!, activo: values.activo, redesPermitidas: networksOf(values.redes) };
      const saved = await save.mutateAsync({ id: isNew ? null : editing.id, body });
      notify.success(isNew ? `Reloj «${saved.nombre}» registrado.` : `Reloj «${saved.nombre}» guardado.`);
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      const known: typeof errors = Object.fromEntries(Object.entries(fields).filter(([key]) => ['numeroSerie', 'nombre', 'sedeId', 'activo'].includes(key)));
      const network = Object.entries(fields).find(([key]) => key.startsWith('redesPermitidas'));
      if (network) known.redes = network[1];
      setErrors(known);
      if (Object.keys(known).length === 0) notify.error(errorMessage(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate className={classes.form}>
      <TextInput
        label="Número de serie"
        name="numeroSerie"
        description="El SN que muestra el reloj en Menú → Información del sistema."
        value={values.numeroSerie}
        onChange={(e) => set('numeroSerie', e.currentTarget.value)}
        error={errors.numeroSerie}
        withAsterisk
        autoComplete="off"
        spellCheck={false}
      />
      <TextInput
        label="Nombre del reloj"
        name="nombre"
        placeholder="Reloj acceso principal"
        value={values.nombre}
        onChange={(e) => set('nombre', e.currentTarget.value)}
        error={errors.nombre}
        withAsterisk
      />
      <Select
        label="Sede"
        name="sedeId"
        description="Su zona horaria convierte la hora del reloj."
        data={sites.data ?? []}
        value={values.sedeId}
        onChange={(v) => set('sedeId', v)}
        error={errors.sedeId}
        withAsterisk
        searchable
        nothingFoundMessage={sites.isPending ? 'Cargando sedes…' : 'No hay sedes: crea una en Configuración → Sedes'}
      />
      <Textarea
        label="Redes permitidas"
        name="redesPermitidas"
        description="Direcciones o redes desde donde llama el reloj (192.0.2.10, 10.20.0.0/16), una por línea. Con clave puede quedar vacío."
        value={values.redes}
        onChange={(e) => set('redes', e.currentTarget.value)}
        error={errors.redes}
        autosize
        minRows={2}
        spellCheck={false}
      />
      <Switch label="Reloj activo" name="activo" checked={values.activo} onChange={(e) => set('activo', e.currentTarget.checked)} description="Un reloj inactivo no puede enviar marcas." />
      <div className={classes.formActions}>
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" loading={save.isPending}>
          {isNew ? 'Registrar reloj' : 'Guardar reloj'}
        </Button>
      </div>
    </form>
  );
}

function SetupHelp() {
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  const url = origin ? new URL(origin) : null;
  return (
    <SectionCard title="Cómo conectar un reloj ZKTeco" description="Relojes con comunicación ADMS (push) a un servidor.">
      <ol className={classes.steps}>
        <li>
          En el reloj, en Menú → Comunicación → Servidor en la nube (ADMS), escribe la dirección del servidor{' '}
          <strong className={classes.mono}>{url?.hostname ?? '…'}</strong> y el puerto <strong className={classes.mono}>{url ? url.port || (url.protocol === 'https:' ? '443' : '80') : '…'}</strong>
          {url?.protocol === 'https:' ? ' con HTTPS activado' : ''}.
        </li>
        <li>
          Registra aquí el número de serie del reloj y la sede donde está instalado. El número de serie no basta: genera una <strong>clave</strong> (va en la dirección del
          servidor, <span className={classes.mono}>…/r/&lt;clave&gt;</span>) o indica las <strong>redes permitidas</strong> desde donde llama el reloj, o ambas. Sin ninguna, el reloj se
          rechaza. Prefiere la clave: es la que prueba que el reloj es de tu empresa, y un reloj sin clave se rechaza si su número de serie también está registrado en otra empresa.
        </li>
        <li>
          Enrola a cada trabajador en el reloj con su <strong>RUT sin puntos ni dígito verificador</strong> como número de usuario (PIN): 12.345.678-5 → <span className={classes.mono}>12345678</span>.
          El trabajador debe tener «Reloj control» entre sus métodos de marcaje.
        </li>
        <li>
          Teclas de estado del reloj:{' '}
          {ESTADOS_RELOJ.map((e) => `${e.estado} ${e.nombre} = ${TIPO_MARCA_LABELS[e.tipo].toLowerCase()}`).join('; ')}.
        </li>
      </ol>
    </SectionCard>
  );
}

/** `/dashboard/settings/clocks`: the company's clock devices, their site and when each was last heard from. */
export function ClocksPage() {
  const table = useTableParams({ filters: FILTERS });
  const clocks = useClocks(table.query);
  const sites = useSiteOptions();
  const [editing, setEditing] = useState<Reloj | 'new' | null>(null);
  const [keyFor, setKeyFor] = useState<Reloj | null>(null);

  const columns: Column<Reloj>[] = [
    {
      key: 'nombre',
      header: 'Reloj',
      primary: true,
      cell: (c) => (
        <div>
          <Text fw={600}>{c.nombre}</Text>
          <Text size="xs" c="dimmed" className={classes.mono}>
            SN {c.numeroSerie}
          </Text>
          <Credentials clock={c} />
        </div>
      ),
    },
    { key: 'sede', header: 'Sede', cell: (c) => c.sede.nombre },
    {
      key: 'activo',
      header: 'Estado',
      nowrap: true,
      cell: (c) => (
        <Badge variant="light" color={c.activo ? 'jornada' : 'gray'} size="sm">
          {c.activo ? 'Activo' : 'Inactivo'}
        </Badge>
      ),
    },
    { key: 'contacto', header: 'Último contacto', cell: (c) => <LastContact clock={c} /> },
    { key: 'carga', header: 'Última carga de marcas', nowrap: true, cell: (c) => (c.ultimaCarga ? formatDateTime(c.ultimaCarga) : '—') },
    { key: 'registros', header: 'Registros recibidos', align: 'right', cell: (c) => c.registrosRecibidos.toLocaleString('es-CL') },
  ];

  return (
    <>
      <PageHeader
        title="Relojes control"
        description="Relojes biométricos que envían sus marcas al sistema. Cada uno se identifica por su número de serie y pertenece a una sede."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Configuración' }, { label: 'Relojes control' }]}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            Nuevo reloj
          </Button>
        }
      />
      <FilterBar
        search={{ label: 'Buscar reloj', placeholder: 'Nombre o número de serie', value: table.search, onChange: table.setSearch }}
        activeCount={table.activeCount}
        onClear={table.clear}
        canClear={table.filtered}
      >
        <FilterSelect label="Sede" data={sites} value={table.filters.sedeId} onChange={(v) => table.setFilter('sedeId', v)} placeholder="Todas" searchable />
        <FilterSelect label="Estado" data={ESTADO_OPTIONS} value={table.filters.activo} onChange={(v) => table.setFilter('activo', v)} />
      </FilterBar>
      <DataTable
        caption="Relojes control"
        columns={columns}
        rows={clocks.data?.items}
        rowKey={(row) => row.id}
        loading={clocks.isPending}
        fetching={clocks.isFetching && !clocks.isPending}
        error={clocks.error}
        onRetry={() => void clocks.refetch()}
        page={table.page}
        pageSize={clocks.data?.pageSize ?? table.pageSize}
        total={clocks.data?.total}
        onPageChange={table.setPage}
        rowActions={(row) => (
          <>
            <Button size="compact-sm" variant="subtle" onClick={() => setEditing(row)} aria-label={`Editar ${row.nombre}`}>
              Editar
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={() => setKeyFor(row)} aria-label={`Clave de ${row.nombre}`}>
              Clave
            </Button>
          </>
        )}
        empty={
          table.filtered
            ? { title: 'Ningún reloj coincide', action: <Button variant="light" onClick={table.clear}>Limpiar filtros</Button> }
            : { title: 'Aún no hay relojes', description: 'Registra el número de serie de cada reloj control y la sede donde está.' }
        }
      />
      <div className={classes.help}>
        <SetupHelp />
      </div>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Nuevo reloj' : editing ? `Editar ${editing.nombre}` : ''} centered>
        {editing && <ClockForm editing={editing} onClose={() => setEditing(null)} />}
      </Modal>
      <Modal opened={keyFor !== null} onClose={() => setKeyFor(null)} title={keyFor ? `Clave de ${keyFor.nombre}` : ''} centered>
        {keyFor && <KeyDialog clock={keyFor} onClose={() => setKeyFor(null)} />}
      </Modal>
    </>
  );
}
