import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Badge, Button, Group, Modal, Text, Title } from '@mantine/core';
import type { Correccion, EstadoCorreccion } from '@jornada/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BlockSkeleton, ErrorState } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { useCorrection } from '../api/corrections';
import type { CorrectionAction } from './correction-action-dialog';
import { correctedValue } from './correction-action-dialog';
import { countdownText, useNow } from './deadline';
import classes from './corrections-page.module.css';

const ESTADO_COLORS: Record<EstadoCorreccion, string> = { pendiente: 'sol', consolidada: 'jornada', objetada: 'red', anulada: 'gray' };

export function StatusBadge({ correction }: { correction: Correccion }) {
  return (
    <Badge variant="light" color={ESTADO_COLORS[correction.estado]} size="sm" className={classes.status}>
      {correction.estadoEtiqueta}
    </Badge>
  );
}

/** The buttons the caller may press on a correction (the server says which through `puede*`). */
export function ActionButtons({ correction, onAction, size = 'xs' }: { correction: Correccion; onAction: (action: CorrectionAction) => void; size?: 'xs' | 'sm' }) {
  return (
    <>
      {correction.puedeAceptar && (
        <Button size={size} onClick={() => onAction('aceptar')}>
          Aceptar
        </Button>
      )}
      {correction.puedeObjetar && (
        <Button size={size} variant="outline" color="red.9" onClick={() => onAction('objetar')}>
          Objetar
        </Button>
      )}
      {correction.puedeAnular && (
        <Button size={size} variant="subtle" color="red.9" onClick={() => onAction('anular')}>
          Anular
        </Button>
      )}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

function Details({ correction, onAction }: { correction: Correccion; onAction: (action: CorrectionAction) => void }) {
  const now = useNow();
  const pending = correction.estado === 'pendiente';
  return (
    <>
      <table className={classes.facts} aria-label="Datos de la corrección">
        <tbody>
          <Row label="Estado">
            <StatusBadge correction={correction} />
          </Row>
          <Row label="Trabajador">
            {correction.trabajador.nombre} ({correction.trabajador.rut})
          </Row>
          <Row label="Valor original">{correction.original.descripcion}</Row>
          <Row label="Valor nuevo">
            {correctedValue(correction)} ({correction.zonaHoraria})
          </Row>
          <Row label="Motivo">{correction.motivo}</Row>
          <Row label="Solicitada por">
            {correction.solicitadoPor.nombre}, el {formatDateTime(correction.creadaEn)}
          </Row>
          <Row label="Plazo para objetar">
            Hasta el {formatDateTime(correction.plazo)}
            {pending && ` · ${countdownText(correction.plazo, now)}`}
          </Row>
          {correction.objecion && <Row label="Objeción">{correction.objecion}</Row>}
          {correction.anulacion && <Row label="Motivo de la anulación">{correction.anulacion}</Row>}
          {correction.marcaId && (
            <Row label="Marca registrada">
              <Anchor component={Link} to={`/dashboard/comprobantes/${correction.marcaId}`}>
                Ver comprobante
              </Anchor>
            </Row>
          )}
        </tbody>
      </table>
      <Title order={3} className={classes.historyTitle}>
        Historial
      </Title>
      <ol className={classes.history} aria-label="Historial de la corrección">
        {correction.historial.map((event, index) => (
          <li key={`${event.evento}-${index}`}>
            <Text size="sm" fw={600}>
              {event.etiqueta}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(event.en)} · {event.por ? event.por.nombre : 'Sistema'}
            </Text>
            {event.nota && <Text size="sm">{event.nota}</Text>}
          </li>
        ))}
      </ol>
      {(correction.puedeAceptar || correction.puedeObjetar || correction.puedeAnular) && (
        <Group justify="flex-end" gap="sm" mt="lg">
          <ActionButtons correction={correction} onAction={onAction} size="sm" />
        </Group>
      )}
    </>
  );
}

/** The correction opened from the e-mail's link (`?correccion=<id>`): every value and who did what, when. */
export function CorrectionDetail({ id, onClose, onAction }: { id: string; onClose: () => void; onAction: (correction: Correccion, action: CorrectionAction) => void }) {
  const correction = useCorrection(id);
  const data = correction.data;
  return (
    <Modal
      opened={Boolean(id)}
      onClose={onClose}
      title={data ? `Corrección de ${data.tipoEtiqueta.toLowerCase()} del ${data.fecha.split('-').reverse().join('-')}` : 'Corrección'}
      size="lg"
      radius="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {correction.isPending && <BlockSkeleton />}
      {correction.error && <ErrorState error={correction.error} onRetry={() => void correction.refetch()} title="No pudimos cargar la corrección" />}
      {data && <Details correction={data} onAction={(action) => onAction(data, action)} />}
    </Modal>
  );
}
