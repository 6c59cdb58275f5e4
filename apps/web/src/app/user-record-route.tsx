import type { Usuario } from '@jornada/contracts';
import { lazy, useMemo } from 'react';
import { UserDetailPage, type RecordTab } from '../features/users/detail';
import { useSession } from '../lib/session';
import { canAccess, type Area } from './navigation';

/*
 * A person's record (`/dashboard/users/:id`, `me`): the users feature's page with a tab per area that
 * owns that person's data, composed here because features never import each other. Each panel is its
 * own chunk, loaded when its tab is first opened; its data only then too.
 */
const AttendancePanel = lazy(async () => ({ default: (await import('../features/attendance/panel')).WorkerAttendancePanel }));
const BalancesPanel = lazy(async () => ({ default: (await import('../features/permissions/record')).WorkerBalancesPanel }));
const PlanningPanel = lazy(async () => ({ default: (await import('../features/planning/record')).WorkerPlanningPanel }));
const MarksPanel = lazy(async () => ({ default: (await import('../features/web-marking/record')).WorkerMarksPanel }));

/** Whether the person marks, is planned and takes leave: everyone but a labour inspector. */
const works = (user: Usuario) => user.perfil !== 'fiscalizador';

/**
 * The tabs a viewer of this perfil may open, by the same access map as the navigation. Someone else's
 * balances are the team's (`permissions`); one's own, `myPermissions`. The server scopes each call
 * (a supervisor: the groups they lead, and themselves).
 */
function recordTabs(perfil: Parameters<typeof canAccess>[1]): RecordTab[] {
  const may = (area: Area) => canAccess(area, perfil);
  return [
    {
      value: 'asistencia',
      label: 'Asistencia',
      shows: (user) => works(user) && may('attendanceWorker'),
      render: (user) => <AttendancePanel workerId={user.id} />,
    },
    {
      value: 'saldos',
      label: 'Saldos',
      shows: (user, own) => works(user) && may(own ? 'myPermissions' : 'permissions'),
      render: (user, own) => <BalancesPanel workerId={user.id} own={own} />,
    },
    {
      value: 'planificacion',
      label: 'Planificación',
      shows: (user) => works(user) && may('planning'),
      render: (user, own) => <PlanningPanel workerId={user.id} own={own} />,
    },
    {
      value: 'marcas',
      label: 'Marcas',
      shows: (user) => works(user) && may('marks'),
      render: (user, own) => <MarksPanel workerId={user.id} own={own} />,
    },
  ];
}

export function UserRecordRoute() {
  const { user } = useSession();
  const tabs = useMemo(() => recordTabs(user.perfil), [user.perfil]);
  return <UserDetailPage tabs={tabs} />;
}
