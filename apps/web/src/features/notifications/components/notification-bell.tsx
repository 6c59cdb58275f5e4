import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { useMarkNotificationsSeen, useNotifications } from '../api/notifications';
import { BellButton } from './bell-button';

const loadPopover = () => import('./notification-popover');
const NotificationPopover = lazy(loadPopover);

/**
 * The bell of the private header: how many things are new for this person and, when opened, the
 * list of what is pending. Asked again every minute, on window focus and on navigation; opening it
 * records that the person has seen them. The popover's code (Mantine's floating layer) is fetched
 * when the pointer or the focus first reaches the bell, not with every page: it cost the dashboard
 * home a fifth of its first-load script (docs/performance.md).
 */
export function NotificationBell() {
  const [wanted, setWanted] = useState(false);
  // Asked for once the page around it has painted: the bell's count is never what a page waits for.
  const notifications = useNotifications(useAfterPaint());
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

  const unseen = notifications.data?.noVistas ?? 0;
  const closedBell = (
    <BellButton
      unseen={unseen}
      opened={false}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={() => {
        if (wanted) return;
        setWanted(true);
        if (unseen > 0) markSeen.mutate();
      }}
    />
  );
  if (!wanted) return closedBell;
  return (
    <Suspense fallback={closedBell}>
      <NotificationPopover notifications={notifications} markSeen={markSeen} />
    </Suspense>
  );
}
