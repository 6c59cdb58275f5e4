import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import { Alert, Anchor, Badge, Button, Text, UnstyledButton } from '@mantine/core';
import { TIPOS_MARCA, TIPO_MARCA_LABELS, type MarcaCreada, type MarcasHoy, type Marca, type Posicion, type TipoMarca } from '@jornada/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { ReceiptDetails } from '../../../components/receipt/receipt-details';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, ErrorState } from '../../../components/states';
import { formatDate, plural } from '../../../lib/format';
import { permissionNotice } from '../../../lib/permission-notice';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { useToken } from '../../../lib/use-token';
import type { MarkResult } from '../api/create-mark';
import { markingKeys } from '../api/keys';
import { useToday } from '../api/today';
import { newClientId, useMarkNow, type MarkOutcome } from '../hooks/use-mark-now';
import { useMarkQueue, type MarkQueueState } from '../hooks/use-mark-queue';
import { currentPosition, POSITION_MESSAGES, type PositionResult } from '../lib/geolocation';
import type { PendingMark } from '../lib/offline-queue';
import { IconBriefcase, IconCup, IconLogin, IconLogoutDoor, IconWifiOff } from './icons';
import classes from './web-marking-page.module.css';

// Leaflet loads only with this page's map, never with the rest of the app.
const GeofenceMap = lazy(() => import('../../../components/map/geofence-map'));

const KIND_ICONS: Record<TipoMarca, ComponentType<{ size?: number }>> = {
  entrada: IconLogin,
  inicio_colacion: IconCup,
  fin_colacion: IconBriefcase,
  salida: IconLogoutDoor,
};

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** `HH:MM:SS` of an instant in the site's zone. */
function clockTime(iso: string, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('es-CL', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone });
    timeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** "sábado 21 de noviembre" of a `YYYY-MM-DD`. */
function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('es-CL', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

function PlanSummary({ today }: { today: MarcasHoy }) {
  const { plan, permiso } = today;
  return (
    <div className={classes.plan}>
      {permiso && (
        <Alert color="sol" mb="xs" data-testid="permiso-hoy" title={permissionNotice(permiso, today.fecha)}>
          Tu {permiso.nombre} está aprobado{permiso.conGoce ? ' con goce de remuneraciones' : ''}. Si marcas, la marca queda registrada y el día se revisa como trabajo durante un permiso.
        </Alert>
      )}
      {plan.tipo === 'turno' && plan.turno ? (
        <>
          <Text fw={700} size="lg">
            {plan.turno.nombre}
          </Text>
          <Text>
            Desde las {plan.turno.inicio} hasta las {plan.turno.fin}
          </Text>
        </>
      ) : plan.tipo === 'libre' ? (
        <Text fw={600}>Hoy es tu día libre.</Text>
      ) : (
        <Text fw={600}>No tienes un turno planificado para hoy.</Text>
      )}
      {plan.tipo !== 'turno' && (
        <Text size="sm" c="dimmed">
          Igual puedes marcar: tu marca queda registrada y tu empleador la verá.
        </Text>
      )}
      {plan.feriado && (
        <Badge color="sol" variant="light" mt={4}>
          Feriado: {plan.feriado.nombre}
        </Badge>
      )}
      {today.sede && (
        <Text size="sm" c="dimmed" mt={4}>
          Sede {today.sede.nombre} · {today.sede.direccion}
        </Text>
      )}
    </div>
  );
}

function MarkButtons({ next, busy, onMark }: { next: TipoMarca; busy: TipoMarca | null; onMark: (tipo: TipoMarca) => void }) {
  return (
    <div className={classes.buttons} role="group" aria-label="Marcar">
      {TIPOS_MARCA.map((tipo) => {
        const Icon = KIND_ICONS[tipo];
        const isNext = tipo === next;
        return (
          <UnstyledButton
            key={tipo}
            className={classes.markButton}
            data-next={isNext || undefined}
            onClick={() => onMark(tipo)}
            disabled={busy !== null}
            aria-busy={busy === tipo || undefined}
            aria-describedby={isNext ? 'siguiente-marca' : undefined}
          >
            <Icon size={30} />
            <span className={classes.markLabel}>{busy === tipo ? 'Marcando…' : TIPO_MARCA_LABELS[tipo]}</span>
            {isNext && <span className={classes.nextTag}>Siguiente</span>}
          </UnstyledButton>
        );
      })}
    </div>
  );
}

function MarkFlags({ mark }: { mark: Pick<Marca, 'offline' | 'fueraDeGeocerca' | 'precisionBaja' | 'posicion'> }) {
  return (
    <span className={classes.flags}>
      {mark.offline && (
        <Badge size="sm" color="gray" variant="light">
          Sin conexión
        </Badge>
      )}
      {mark.fueraDeGeocerca && (
        <Badge size="sm" color="red" variant="light">
          Fuera de la geocerca
        </Badge>
      )}
      {mark.precisionBaja && (
        <Badge size="sm" color="sol" variant="light">
          Precisión baja
        </Badge>
      )}
      {!mark.posicion && (
        <Badge size="sm" color="gray" variant="outline">
          Sin ubicación
        </Badge>
      )}
    </span>
  );
}

function TodayMarks({ today }: { today: MarcasHoy }) {
  if (today.marcas.length === 0) {
    return <Text c="dimmed">Aún no marcas hoy.</Text>;
  }
  return (
    <ol className={classes.marks} aria-label="Tus marcas de hoy">
      {today.marcas.map((mark) => (
        <li key={mark.id} className={classes.markRow}>
          <span className={classes.markTime}>{clockTime(mark.horaOriginal ?? mark.instante, today.zonaHoraria)}</span>
          <span className={classes.markKind}>{TIPO_MARCA_LABELS[mark.tipo]}</span>
          <MarkFlags mark={mark} />
          <Anchor
            component={Link}
            to={`/dashboard/comprobantes/${mark.id}`}
            size="sm"
            className={classes.markLink}
            aria-label={`Comprobante de ${TIPO_MARCA_LABELS[mark.tipo].toLowerCase()} de las ${clockTime(mark.horaOriginal ?? mark.instante, today.zonaHoraria)}`}
          >
            Comprobante
          </Anchor>
        </li>
      ))}
    </ol>
  );
}

function OutcomePanel({ outcome, zone }: { outcome: MarkOutcome; zone: string }) {
  const positionNote = 'position' in outcome && outcome.position.status !== 'ok' ? POSITION_MESSAGES[outcome.position.status] : null;
  if (outcome.kind === 'error') {
    return (
      <Alert color="red" title={`No pudimos registrar tu ${TIPO_MARCA_LABELS[outcome.tipo].toLowerCase()}`} role="alert">
        {outcome.message}
      </Alert>
    );
  }
  if (outcome.kind === 'ignored') {
    return (
      <Alert color="sol" title="Marca no registrada: ya la habías hecho" role="status">
        {outcome.result.mensaje}
      </Alert>
    );
  }
  if (outcome.kind === 'queued') {
    return (
      <Alert color="gray" title="Sin conexión: tu marca quedó guardada en este dispositivo" role="status" icon={<IconWifiOff size={20} />}>
        Tu {TIPO_MARCA_LABELS[outcome.tipo].toLowerCase()} de las {clockTime(outcome.mark.horaOriginal, zone)} se enviará sola apenas vuelva la conexión,
        con su hora original. No cierres sesión hasta que se envíe.
        {positionNote && <Text size="sm" mt="xs">{positionNote}</Text>}
      </Alert>
    );
  }
  const { marca, comprobante, turno } = outcome.result;
  const tipo = comprobante.tipoEtiqueta.toLowerCase();
  return (
    <section className={classes.receipt} aria-labelledby="comprobante-titulo">
      <div className={classes.receiptHead}>
        <Text component="h2" id="comprobante-titulo" fw={700} size="lg">
          {comprobante.tipoEtiqueta} registrada a las {comprobante.hora}
        </Text>
        <Text size="sm" c="dimmed">
          Comprobante de tu marca. También te lo enviamos por correo.
        </Text>
      </div>
      {turno?.ubicacion === 'fuera' && (
        <Alert color="sol" title="Marcaste fuera de tu turno de hoy" mb="sm">
          Tu {tipo} de las {comprobante.hora} quedó registrada, pero cae fuera de tu turno de hoy ({turno.turno}). Si no corresponde, avisa a tu
          supervisor para que la revise.
        </Alert>
      )}
      {turno?.ubicacion === 'libre' && (
        <Alert color="sol" title="Hoy es tu día libre" mb="sm">
          Tu {tipo} de las {comprobante.hora} quedó registrada, aunque hoy no tienes turno planificado.
        </Alert>
      )}
      {marca.fueraDeGeocerca && (
        <Alert color="sol" title="Marcaste fuera de la geocerca de tu sede" mb="sm">
          La marca quedó registrada igual, con tu ubicación, y tu empleador la verá señalada.
        </Alert>
      )}
      {marca.precisionBaja && !marca.fueraDeGeocerca && (
        <Alert color="sol" title="La ubicación tenía poca precisión" mb="sm">
          La marca quedó registrada igual y señalada por la baja precisión de la ubicación.
        </Alert>
      )}
      {positionNote && (
        <Alert color="blue" title="Marca registrada sin ubicación" mb="sm">
          {positionNote}
        </Alert>
      )}
      <ReceiptDetails comprobante={comprobante} label="Comprobante de tu marca" />
      <div className={classes.receiptLinks}>
        <Button component={Link} to={`/dashboard/comprobantes/${marca.id}`} variant="light">
          Ver comprobante imprimible
        </Button>
        <Button component={Link} to={`/verificar/${comprobante.hash}`} variant="subtle">
          Verificar comprobante
        </Button>
      </div>
    </section>
  );
}

function QueuePanel({ queue, zone }: { queue: MarkQueueState; zone: string }) {
  if (queue.marks.length === 0) return null;
  return (
    <section className={classes.queue} aria-labelledby="cola-titulo" aria-live="polite">
      <div className={classes.queueHead}>
        <IconWifiOff size={22} />
        <Text component="h2" id="cola-titulo" fw={700}>
          {queue.pending.length > 0
            ? `${plural(queue.pending.length, 'marca pendiente', 'marcas pendientes')} de envío`
            : `${plural(queue.refused.length, 'marca rechazada', 'marcas rechazadas')} por el servidor`}
        </Text>
      </div>
      <ul className={classes.queueList}>
        {queue.marks.map((mark: PendingMark) => (
          <li key={mark.idCliente}>
            <span>
              {TIPO_MARCA_LABELS[mark.tipo]} de las {clockTime(mark.horaOriginal, zone)}
            </span>
            {mark.estado === 'rechazada' ? (
              <>
                <Text size="sm" c="red.8">
                  {mark.error}
                </Text>
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => queue.discard(mark.idCliente)}>
                  Descartar
                </Button>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {mark.intentos > 0 ? `Sin conexión, ${plural(mark.intentos, 'intento')}` : 'Esperando conexión'}
              </Text>
            )}
          </li>
        ))}
      </ul>
      {queue.pending.length > 0 && (
        <Button variant="light" size="sm" onClick={() => void queue.flush()} loading={queue.sending}>
          Enviar ahora
        </Button>
      )}
    </section>
  );
}

/** The position shown on the map: the one taken with this page's last mark, else today's last mark's. */
function mapPosition(today: MarcasHoy, outcome: MarkOutcome | null) {
  if (outcome && 'position' in outcome) {
    if (outcome.position.status === 'ok') {
      const outside = outcome.kind === 'recorded' ? outcome.result.marca.fueraDeGeocerca : false;
      return { position: outcome.position.posicion, outside };
    }
  }
  const last = [...today.marcas].reverse().find((m) => m.posicion);
  return last ? { position: last.posicion!, outside: last.fueraDeGeocerca } : { position: null, outside: false };
}

/** What a fingerprint action (another feature, composed by the app) needs from this page. */
interface FingerprintActionContext {
  /** The next expected kind: the kind the action marks. */
  tipo: TipoMarca;
  /** Takes the position at that moment (undefined when refused or unavailable). */
  getPosition: () => Promise<Posicion | undefined>;
  newClientId: () => string;
  /** Shows the receipt of a recorded mark like any other. */
  onRecorded: (created: MarcaCreada) => void;
}

interface WebMarkingPageProps {
  /** The "mark with fingerprint" action, composed by the app from the fingerprint feature. */
  fingerprintAction?: (context: FingerprintActionContext) => ReactNode;
}

/**
 * `/dashboard/web-marking`: the worker's day (plan, marks, next mark) and one big button per kind.
 * Phone first. The position is asked for only when a button is pressed; without network the mark
 * waits on the device and is sent, flagged offline, when the network returns.
 */
export function WebMarkingPage({ fingerprintAction }: WebMarkingPageProps) {
  const { user } = useSession();
  const token = useToken();
  const queryClient = useQueryClient();
  const today = useToday();
  const onSent = useCallback(
    (sent: { mark: PendingMark; result: MarkResult }[]) => {
      void queryClient.invalidateQueries({ queryKey: markingKeys.all });
      notify.success(
        sent.length === 1
          ? `Se envió tu marca de ${TIPO_MARCA_LABELS[sent[0]!.mark.tipo].toLowerCase()} hecha sin conexión.`
          : `Se enviaron ${sent.length} marcas hechas sin conexión.`,
      );
    },
    [queryClient],
  );
  const queue = useMarkQueue(user._id, token, onSent);
  const { mark, busy, outcome, setOutcome } = useMarkNow(user._id, token, queue);
  // On a day an approved whole-day permission covers, a mark is recorded only once the worker confirms;
  // once confirmed, the day's other marks do not ask again.
  const [asking, setAsking] = useState<TipoMarca | null>(null);
  const [confirmedOn, setConfirmedOn] = useState<string | null>(null);
  const lastPosition = useRef<PositionResult>({ status: 'unsupported' });
  const getPosition = useCallback(async () => {
    const result = await currentPosition();
    lastPosition.current = result;
    return result.status === 'ok' ? result.posicion : undefined;
  }, []);
  const onRecorded = useCallback(
    (created: MarcaCreada) => setOutcome({ kind: 'recorded', tipo: created.marca.tipo, result: created, position: lastPosition.current }),
    [setOutcome],
  );

  const header = (
    <PageHeader
      title="Marcar asistencia"
      description={today.data ? `Hoy, ${longDate(today.data.fecha)}` : 'Tu jornada de hoy'}
      breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Marcar asistencia' }]}
    />
  );

  if (today.isPending) {
    return (
      <>
        {header}
        <SectionCard>
          <BlockSkeleton lines={5} label="Cargando tu jornada de hoy" />
        </SectionCard>
      </>
    );
  }
  // A failed refresh keeps the data it had (e.g. without network): only a first load without data is an error.
  if (!today.data) {
    return (
      <>
        {header}
        <QueuePanel queue={queue} zone="America/Santiago" />
        <SectionCard>
          <ErrorState error={today.error} onRetry={() => void today.refetch()} retrying={today.isFetching} title="No pudimos cargar tu jornada de hoy" />
        </SectionCard>
      </>
    );
  }

  const data = today.data;
  const { position, outside } = mapPosition(data, outcome);
  const site = data.sede && data.sede.lat !== null && data.sede.lng !== null ? { lat: data.sede.lat, lng: data.sede.lng, radioM: data.sede.radioGeocercaM } : null;
  const webAllowed = data.metodosPermitidos.includes('web');
  const onMark = (tipo: TipoMarca) => {
    if (data.permiso && confirmedOn !== data.fecha) setAsking(tipo);
    else void mark(tipo);
  };

  return (
    <div className={classes.page}>
      {header}
      <QueuePanel queue={queue} zone={data.zonaHoraria} />
      <div className={classes.layout}>
        <div className={classes.main}>
          <SectionCard title="Tu turno de hoy">
            <PlanSummary today={data} />
          </SectionCard>
          <SectionCard title="Marcar">
            <Text id="siguiente-marca" className={classes.next}>
              Tu siguiente marca: <strong>{TIPO_MARCA_LABELS[data.siguiente]}</strong>
            </Text>
            {!webAllowed && (
              <Alert color="sol" mb="sm" title="Tu empresa no tiene habilitada la marca web para ti">
                Si marcas aquí, quedará como intento rechazado. Usa el método que te indicó tu empleador.
              </Alert>
            )}
            <MarkButtons next={data.siguiente} busy={busy} onMark={onMark} />
            {fingerprintAction && data.metodosPermitidos.includes('huella') && <div className={classes.fingerprint}>{fingerprintAction({ tipo: data.siguiente, getPosition, newClientId, onRecorded })}</div>}
            <Text size="sm" c="dimmed" mt="sm">
              Al marcar pedimos tu ubicación una sola vez, solo en ese momento. Si no la compartes, igual puedes marcar.
            </Text>
          </SectionCard>
          {data.permiso && (
            <ConfirmDialog
              opened={asking !== null}
              onClose={() => setAsking(null)}
              title="¿Marcar de todos modos?"
              message={`Tienes ${data.permiso.nombre} (${data.permiso.codigo}) aprobado para hoy${data.permiso.hasta !== data.fecha ? `, hasta el ${formatDate(data.permiso.hasta)}` : ''}. ¿Marcar de todos modos? La marca queda registrada y tu empleador revisará el día.`}
              cancelLabel="No marcar"
              confirmLabel={asking ? `Marcar ${TIPO_MARCA_LABELS[asking].toLowerCase()}` : 'Marcar'}
              onConfirm={() => {
                const tipo = asking;
                setAsking(null);
                setConfirmedOn(data.fecha);
                if (tipo) void mark(tipo);
              }}
            />
          )}
          {outcome && (
            <div aria-live="polite">
              <OutcomePanel outcome={outcome} zone={data.zonaHoraria} />
            </div>
          )}
        </div>
        <div className={classes.side}>
          <SectionCard title="Tus marcas de hoy">
            <TodayMarks today={data} />
          </SectionCard>
          {(site || position) && (
            <SectionCard title="Ubicación" description={site ? 'El círculo es la geocerca de tu sede.' : 'Tu sede no tiene una posición registrada.'}>
              <Suspense fallback={<BlockSkeleton lines={3} label="Cargando el mapa" />}>
                <GeofenceMap site={site} position={position} outside={outside} label="Mapa de tu marca y la geocerca de la sede" />
              </Suspense>
              {position && (
                <Text size="sm" mt="xs">
                  {outside ? 'Tu última marca quedó fuera de la geocerca.' : site ? 'Tu última marca quedó dentro de la geocerca.' : 'Posición de tu última marca.'}
                </Text>
              )}
            </SectionCard>
          )}
        </div>
      </div>
    </div>
  );
}
