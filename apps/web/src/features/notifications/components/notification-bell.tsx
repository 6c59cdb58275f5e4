import '@mantine/core/styles/Text.css';
import { Loader, Popover, Text, UnstyledButton } from '@mantine/core';
import type { Notificacion, TipoNotificacion } from '@jornada/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { base, type IconProps } from '../../../components/icons';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useMarkNotificationsSeen, useNotifications } from '../api/notifications';
import classes from './notification-bell.module.css';

const IconBell = (props: IconProps) => (
  <svg {...base(props)}>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
  </svg>
);

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
 * The bell of the private header: how many things are new for this person and, when opened, the
 * list of what is pending (permission requests to decide, answered requests, corrections to review),
 * each a link to where it is handled. Asked again every minute, on window focus and on navigation;
 * opening it records that the person has seen them.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const notifications = useNotifications(true);
  const markSeen = useMarkNotificationsSeen();
  const location = useLocation();
  const { refetch } = notifications;
  const firstPath = useRef(location.pathname);

  // A decision made on another page changes what is pending: ask again after each navigation.
  useEffect(() => {
    if (firstPath.current === location.pathname) return;
    firstPath.current = location.pathname;
    void refetch();
  }, [location.pathname, refetch]);

  const data = notifications.data;
  const unseen = data?.noVistas ?? 0;
  const label = unseen > 0 ? `Notificaciones: ${unseen} ${unseen === 1 ? 'nueva' : 'nuevas'}` : 'Notificaciones';

  const toggle = () => {
    const next = !opened;
    setOpened(next);
    if (next && unseen > 0) markSeen.mutate();
  };

  return (
    // The header is fixed, so the bell is never scrolled away: no hiding of a "detached" dropdown.
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" radius="md" withinPortal trapFocus returnFocus offset={6} hideDetached={false}>
      <Popover.Target>
        <UnstyledButton className={classes.bell} onClick={toggle} aria-label={label} aria-expanded={opened} aria-haspopup="dialog" data-testid="notification-bell">
          <IconBell size={22} />
          {unseen > 0 && (
            <span className={classes.count} aria-hidden="true" data-testid="notification-count">
              {unseen > 99 ? '99+' : unseen}
            </span>
          )}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown className={classes.dropdown} aria-label="Notificaciones" role="dialog">
        <div className={classes.head}>
          <Text fw={700}>Notificaciones</Text>
          {data && data.total > 0 && (
            <Text size="xs" c="dimmed">
              {data.total} pendientes
            </Text>
          )}
        </div>
        {notifications.isPending ? (
          <div className={classes.state}>
            <Loader size="sm" aria-label="Cargando notificaciones" />
          </div>
        ) : notifications.isError ? (
          <Text size="sm" c="red.8" className={classes.state} role="alert">
            {errorMessage(notifications.error)}
          </Text>
        ) : notifications.data.items.length === 0 ? (
          <Text size="sm" c="dimmed" className={classes.state}>
            No tienes nada pendiente.
          </Text>
        ) : (
          <ul className={classes.list} data-testid="notification-list">
            {notifications.data.items.map((item) => (
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
