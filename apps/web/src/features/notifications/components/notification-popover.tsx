import '@mantine/core/styles/Text.css';
import { Loader, Popover, Text } from '@mantine/core';
import { notificacionesResponseSchema, type Notificacion, type TipoNotificacion } from '@jornada/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, plural } from '../../../lib/format';
import type { useMarkNotificationsSeen, useNotifications } from '../api/notifications';
import { BellButton } from './bell-button';
import classes from './notification-bell.module.css';

/** Where each kind of notification is handled. */
const TARGET: Record<TipoNotificacion, string> = {
  permiso_por_aprobar: '/dashboard/permisos?estado=pendiente',
  permiso_aprobado: '/dashboard/permisos/mios',
  permiso_rechazado: '/dashboard/permisos/mios',
  correccion_por_revisar: '/dashboard/corrections',
};

const KIND_LABEL: Record<TipoNotificacion, string> = {
  permiso_por_aprobar: 'Por aprobar',
  permiso_aprobado: 'Aprobado',
  permiso_rechazado: 'Rechazado',
  correccion_por_revisar: 'Por revisar',
};

function Item({ item, onNavigate }: { item: Notificacion; onNavigate: () => void }) {
  return (
    <li>
      <Link to={TARGET[item.tipo]} className={classes.item} data-kind={item.tipo} data-new={item.nueva || undefined} onClick={onNavigate}>
        <span className={classes.kind}>{KIND_LABEL[item.tipo]}</span>
        <span className={classes.itemTitle}>
          {item.nueva && <span className={classes.newDot} aria-label="Nueva" role="img" />}
          {item.titulo}
        </span>
        <span className={classes.itemDetail}>{item.detalle}</span>
        <span className={classes.itemTime}>
          {formatDateTime(item.instante)}
          {item.plazo && ` · responde antes del ${formatDateTime(item.plazo)}`}
        </span>
      </Link>
    </li>
  );
}

/**
 * The notifications popover around the bell: the list of what is pending (permission requests to
 * decide, answered requests, corrections to review), each a link to where it is handled. Loaded on
 * the person's first reach for the bell (it brings the floating layer's code), and mounted open.
 */
export default function NotificationPopover({
  notifications,
  markSeen,
}: {
  notifications: ReturnType<typeof useNotifications>;
  markSeen: ReturnType<typeof useMarkNotificationsSeen>;
}) {
  const [opened, setOpened] = useState(true);
  const unseen = notifications.data?.noVistas ?? 0;
  // The whole answer against the contract before listing it (the bell itself checked only its count).
  const checked = useMemo(() => (notifications.data ? notificacionesResponseSchema.safeParse(notifications.data) : undefined), [notifications.data]);
  const data = checked?.success ? checked.data : undefined;
  const error = notifications.isError ? errorMessage(notifications.error) : checked && !checked.success ? 'La respuesta de notificaciones no tiene el formato esperado.' : null;

  const toggle = () => {
    const next = !opened;
    setOpened(next);
    if (next && unseen > 0) markSeen.mutate();
  };

  return (
    // The header is fixed, so the bell is never scrolled away: no hiding of a "detached" dropdown.
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" radius="md" withinPortal trapFocus returnFocus offset={6} hideDetached={false}>
      <Popover.Target>
        <BellButton unseen={unseen} opened={opened} onClick={toggle} />
      </Popover.Target>
      <Popover.Dropdown className={classes.dropdown} aria-label="Notificaciones" role="dialog">
        <div className={classes.head}>
          <Text fw={700}>Notificaciones</Text>
          {data && data.total > 0 && (
            <Text size="xs" c="dimmed">
              {plural(data.total, 'pendiente')}
            </Text>
          )}
        </div>
        {error !== null ? (
          <Text size="sm" c="red.8" className={classes.state} role="alert">
            {error}
          </Text>
        ) : !data ? (
          <div className={classes.state}>
            <Loader size="sm" aria-label="Cargando notificaciones" />
          </div>
        ) : data.items.length === 0 ? (
          <Text size="sm" c="dimmed" className={classes.state}>
            No tienes nada pendiente.
          </Text>
        ) : (
          <ul className={classes.list} data-testid="notification-list">
            {data.items.map((item) => (
              <Item key={item.id} item={item} onNavigate={() => setOpened(false)} />
            ))}
          </ul>
        )}
        {data && data.total > data.items.length && (
          <Text size="xs" c="dimmed" className={classes.more}>
            Se muestran las {data.items.length} más recientes de {data.total}.
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
