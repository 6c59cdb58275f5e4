import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Text } from '@mantine/core';
import type { PendientesPeriodo } from '@jornada/contracts';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { BlockSkeleton, ErrorState } from '../../../components/states';
import { formatDate, formatInteger } from '../../../lib/format';
import { usePendingItems } from '../api/remunerations';
import classes from './close-month-dialog.module.css';

/** One kind of pending item: how to say it, why it matters at the close, and the list that shows it. */
interface PendingKind {
  key: 'marcasIncompletas' | 'inconsistenciasAbiertas' | 'correccionesPendientes' | 'horasExtraPorRevisar' | 'permisosPendientes';
  text: (n: number) => string;
  hint: string;
  to: (p: PendientesPeriodo) => string;
}

const count = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The day board on one date, showing only its incomplete days. */
const incompleteDayPath = (fecha: string) => `/dashboard/assists?${query({ fecha, estado: 'incompleto' })}`;

const KINDS: PendingKind[] = [
  {
    key: 'marcasIncompletas',
    text: (n) => count(n, 'día con marcas incompletas', 'días con marcas incompletas'),
    hint: 'No se descuentan hasta que se corrijan sus marcas.',
    to: (p) => incompleteDayPath(p.marcasIncompletas.fechas[0]?.fecha ?? p.desde),
  },
  {
    key: 'inconsistenciasAbiertas',
    text: (n) => count(n, 'inconsistencia abierta', 'inconsistencias abiertas'),
    hint: 'Ni corregidas ni descartadas.',
    to: (p) => `/dashboard/inconsistencies?${query({ desde: p.desde, hasta: p.hasta, estado: 'abierta' })}`,
  },
  {
    key: 'correccionesPendientes',
    text: (n) => (n === 1 ? '1 corrección espera la aceptación del trabajador' : `${formatInteger(n)} correcciones esperan la aceptación del trabajador`),
    hint: 'Si el mes se cierra antes de que se consoliden, se anulan.',
    to: (p) => `/dashboard/corrections?${query({ estado: 'pendiente', desde: p.desde, hasta: p.hasta })}`,
  },
  {
    key: 'horasExtraPorRevisar',
    text: (n) => count(n, 'día con horas extra por revisar', 'días con horas extra por revisar'),
    hint: 'Se pagan igual; la revisión solo se informa.',
    to: (p) => `/dashboard/extra-time/approvals?${query({ estado: 'pendiente', revision: 'todas', desde: p.desde, hasta: p.hasta })}`,
  },
  {
    key: 'permisosPendientes',
    text: (n) => count(n, 'solicitud de permiso pendiente', 'solicitudes de permiso pendientes'),
    hint: 'Con el mes cerrado no se podrán aprobar.',
    to: (p) => `/dashboard/permisos?${query({ estado: 'pendiente', desde: p.desde, hasta: p.hasta })}`,
  },
];

function PendingList({ data, monthLabel }: { data: PendientesPeriodo; monthLabel: string }) {
  if (data.total === 0) {
    return (
      <Text size="sm" fw={600} role="status">
        No hay nada pendiente en {monthLabel}.
      </Text>
    );
  }
  const fechas = data.marcasIncompletas.fechas;
  return (
    <>
      <Text size="sm" id="pendientes-del-mes">
        Antes de cerrar, revisa lo pendiente en {monthLabel}:
      </Text>
      <ul className={classes.list} aria-labelledby="pendientes-del-mes">
        {KINDS.filter((k) => data[k.key].cantidad > 0).map((k) => (
          <li key={k.key} className={classes.item}>
            <Anchor component={Link} to={k.to(data)} fw={600} size="sm">
              {k.text(data[k.key].cantidad)}
            </Anchor>
            <span className={classes.hint}>{k.hint}</span>
            {k.key === 'marcasIncompletas' && fechas.length > 1 && (
              <span className={classes.dates}>
                Por fecha:{' '}
                {fechas.map((f, i) => (
                  <span key={f.fecha}>
                    {i > 0 && ' · '}
                    <Anchor component={Link} to={incompleteDayPath(f.fecha)} size="xs" aria-label={`${count(f.cantidad, 'día incompleto', 'días incompletos')} el ${formatDate(f.fecha)}`}>
                      {formatDate(f.fecha).slice(0, 5)} ({formatInteger(f.cantidad)})
                    </Anchor>
                  </span>
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
      <Text size="sm" c="dimmed">
        Puedes cerrar igual: lo pendiente queda en las cifras tal como está hoy.
      </Text>
    </>
  );
}

interface CloseMonthDialogProps {
  opened: boolean;
  /** `AAAAMM` */
  periodo: string;
  /** `octubre de 2026` */
  monthLabel: string;
  /** The close request is on its way. */
  closing: boolean;
  onClose: () => void;
  onConfirm: () => void | Promise<void>;
}

/**
 * «Cerrar mes» asks with eyes open: what is still pending in the month (each item a link to the list
 * that shows it, filtered), what closing does, and only then the confirmation. The close itself does
 * not require the month clean (the law does not; the administrador decides), so the API's close is
 * unchanged: asking is the web's part. Until the pending items are known, closing waits.
 */
export function CloseMonthDialog({ opened, periodo, monthLabel, closing, onClose, onConfirm }: CloseMonthDialogProps) {
  const pending = usePendingItems(periodo, opened);
  const data = !pending.isFetching && pending.data?.periodo === periodo ? pending.data : undefined;
  return (
    <ConfirmDialog opened={opened} onClose={onClose} title={`¿Cerrar ${monthLabel}?`} confirmLabel="Cerrar el mes" loading={closing} confirmDisabled={!data} onConfirm={onConfirm}>
      <div className={classes.body}>
        {pending.isFetching ? (
          <BlockSkeleton lines={3} label="Revisando lo pendiente del mes" />
        ) : pending.isError ? (
          <ErrorState error={pending.error} title="No pudimos revisar lo pendiente del mes" onRetry={() => void pending.refetch()} />
        ) : data ? (
          <PendingList data={data} monthLabel={monthLabel} />
        ) : null}
        <Text size="sm">
          Al cerrar se guardan las cifras que el mes informa hoy. Desde entonces se rechazan los permisos, las correcciones de marcas, los cambios de planificación y las
          decisiones de horas extra que toquen el mes, hasta que un administrador lo reabra indicando el motivo.
        </Text>
      </div>
    </ConfirmDialog>
  );
}
