import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Skeleton.css';
import { Button, Skeleton, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { useSession } from '../../../lib/session';
import classes from './group-page.module.css';
import shared from './groups.module.css';
import { GroupsView } from './groups-view';

/**
 * The public /group address (spec section 2). Signed out it invites to sign in and shows no data;
 * signed in it shows the same groups page as /dashboard/group (administrators and supervisors), or
 * says that the perfil has no groups to see.
 */
export function GroupPage() {
  const session = useSession();
  const perfil = session.user.perfil;
  const seesGroups = perfil === 'administrador' || perfil === 'supervisor';

  if (session.status === 'signed-in' && !session.loadingProfile && seesGroups) {
    return (
      <div className={shared.publicPage}>
        <header className={shared.publicHeader}>
          <Link to="/dashboard" className={classes.brand} aria-label="Jornada, ir al inicio">
            <Logo size={32} />
          </Link>
          <Button component={Link} to="/dashboard" variant="default" size="sm">
            Ir al panel
          </Button>
        </header>
        <main className={shared.publicMain}>
          <GroupsView />
        </main>
      </div>
    );
  }

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Link to={session.status === 'signed-in' ? '/dashboard' : '/'} className={classes.brand} aria-label="Jornada, ir al inicio">
          <Logo size={32} />
        </Link>
      </header>
      <main className={classes.main}>
        <section className={classes.card} aria-labelledby="group-title">
          {session.status === 'signed-out' ? (
            <>
              <Title order={1} id="group-title" className={classes.title}>
                Grupos
              </Title>
              <Text c="dimmed" mt="sm">
                Ingresa con tu RUT y contraseña para ver los grupos de tu empresa.
              </Text>
              <Button component={Link} to="/" state={{ from: '/group' }} mt="xl">
                Ingresar
              </Button>
            </>
          ) : session.loadingProfile ? (
            <div aria-busy="true" role="status" aria-label="Cargando tus datos">
              <Skeleton height={30} width="50%" radius="md" />
              <Skeleton height={16} width="70%" mt="md" radius="md" />
            </div>
          ) : (
            <>
              <Title order={1} id="group-title" className={classes.title}>
                Grupos
              </Title>
              <Text c="dimmed" mt="sm">
                Tu perfil no administra grupos. Tus datos y tu asistencia están en tu panel.
              </Text>
              <Button component={Link} to="/dashboard" mt="xl" variant="light">
                Ir al panel
              </Button>
            </>
          )}
        </section>
      </main>
    </div>
  );
}
