import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
import { Badge, Skeleton, Text, Title } from '@mantine/core';
import { IconBuilding, IconShield, IconUser } from '../../../components/icons';
import { InvitationsBanner, useInvitations } from '../../../components/invitations-banner';
import { longDayLabel } from '../../../components/planning-grid/calendar';
import { ErrorState } from '../../../components/states';
import { formatRutForDisplay, perfilLabel, timeOnDevice, todayOnDevice } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { useHome } from '../api/home';
import classes from './home-page.module.css';
import { PersonalHome } from './personal-home';
import { TeamHome } from './team-home';

function greeting(hour: number): string {
  if (hour < 12) return 'Buenos días';
  if (hour < 20) return 'Buenas tardes';
  return 'Buenas noches';
}

function HomeSkeleton() {
  return (
    <div aria-busy="true" role="status" aria-label="Cargando el inicio">
      <div className={classes.counts}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={84} radius="lg" />
        ))}
      </div>
      <Skeleton height={220} radius="lg" mt="lg" />
    </div>
  );
}

/** A fiscalizador's home: who they are looking at (their reports are in the navigation). */
function IdentityCards() {
  const { user } = useSession();
  const company = user.razonsocial ? user.razonsocial.nombre : '';
  return (
    <dl className={classes.cards}>
      <div className={classes.card}>
        <dt className={classes.cardLabel}>
          <IconBuilding size={18} /> Empresa
        </dt>
        <dd className={classes.cardValue}>{company}</dd>
      </div>
      <div className={classes.card}>
        <dt className={classes.cardLabel}>
          <IconShield size={18} /> Perfil
        </dt>
        <dd className={classes.cardValue}>
          <Badge size="lg" variant="light">
            {perfilLabel(user.perfil)}
          </Badge>
        </dd>
      </div>
      <div className={classes.card}>
        <dt className={classes.cardLabel}>
          <IconUser size={18} /> RUT
        </dt>
        <dd className={classes.cardValue}>{user.rut ? formatRutForDisplay(user.rut) : ''}</dd>
      </div>
    </dl>
  );
}

/**
 * The dashboard home. An administrador or supervisor sees today in their scope (by status), what
 * waits for them and the last 7 days; a trabajador their own day, next shift and pending requests.
 * Every figure comes from `GET /api/v1/inicio`, asked again every minute while the page is open.
 */
export function HomePage() {
  const { user, loadingProfile } = useSession();
  const withCards = user.perfil === 'administrador' || user.perfil === 'supervisor' || user.perfil === 'trabajador';
  // The figures are asked for once the greeting has painted (lib/use-after-paint).
  const painted = useAfterPaint();
  const home = useHome(painted && !loadingProfile && withCards);
  // An administrator's invitations banner comes in with the cards, in the same render that replaces the
  // skeleton: inserted on its own above them it moved the page (layout shift 0.2) and became the late
  // largest paint (docs/performance.md, «Panel de inicio con datos»).
  const isAdmin = user.perfil === 'administrador';
  const invitations = useInvitations(painted && !loadingProfile && isAdmin);
  // A failed status does not hold the cards (the banner then stays out, as on its own page).
  const data = isAdmin && invitations.isPending && invitations.failureCount === 0 ? undefined : home.data;
  const company = user.razonsocial ? user.razonsocial.nombre : '';

  if (loadingProfile) {
    return (
      <div className={classes.page} aria-busy="true" role="status" aria-label="Cargando tus datos">
        <Skeleton height={34} width="60%" radius="md" />
        <Skeleton height={18} width="40%" mt="md" radius="md" />
      </div>
    );
  }

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Text className={classes.kicker}>{greeting(new Date().getHours())}</Text>
        <Title order={1} className={classes.title}>
          Hola, {user.nombre}
        </Title>
        {/* Today's date from the device's clock at once (the server's day replaces it when the home arrives, the
            same except around midnight): the line the first paint shows does not wait for the data. */}
        <div className={classes.subtitle}>
          <Text component="span" c="dimmed">
            {longDayLabel(data?.fecha ?? todayOnDevice())}
            {company && ` · ${company}`}
          </Text>
          {data && (
            <span className={classes.live} title="Se actualiza cada minuto mientras la página está abierta">
              <span className={classes.liveDot} aria-hidden="true" /> Actualizado {timeOnDevice(new Date(home.dataUpdatedAt))}
            </span>
          )}
        </div>
      </header>
      {data && <InvitationsBanner />}
      {!withCards ? (
        <IdentityCards />
      ) : home.isError ? (
        <ErrorState error={home.error} onRetry={() => void home.refetch()} retrying={home.isFetching} />
      ) : !data ? (
        <HomeSkeleton />
      ) : data.vista === 'equipo' ? (
        <TeamHome data={data} scopeLabel={user.perfil === 'supervisor' ? 'en tus grupos' : 'en la empresa'} />
      ) : (
        <PersonalHome data={data} />
      )}
    </div>
  );
}
