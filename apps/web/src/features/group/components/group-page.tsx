import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Skeleton.css';
import { Button, Skeleton, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { useSession } from '../../../lib/session';
import classes from './group-page.module.css';

/**
 * The public /group address (spec section 2). Signed out it invites to sign in and shows no data;
 * signed in it shows the person's company groups, of which none exist until groups arrive.
 */
export function GroupPage() {
  const session = useSession();
  const company = session.user.razonsocial ? session.user.razonsocial.nombre : '';

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
            <div aria-busy="true" aria-label="Cargando tus datos">
              <Skeleton height={30} width="50%" radius="md" />
              <Skeleton height={16} width="70%" mt="md" radius="md" />
            </div>
          ) : (
            <>
              <Title order={1} id="group-title" className={classes.title}>
                Grupos de {company}
              </Title>
              <Text c="dimmed" mt="sm">
                {company} todavía no tiene grupos.
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
