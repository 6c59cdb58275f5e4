import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
import { Badge, Skeleton, Text, Title } from '@mantine/core';
import { IconBuilding, IconShield, IconUser } from '../../../components/icons';
import { formatRutForDisplay, perfilLabel } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import classes from './home-page.module.css';

function greeting(hour: number): string {
  if (hour < 12) return 'Buenos días';
  if (hour < 20) return 'Buenas tardes';
  return 'Buenas noches';
}

/** The dashboard home: greets the person and shows their company and perfil; nothing else exists yet. */
export function HomePage() {
  const { user, loadingProfile } = useSession();
  const company = user.razonsocial ? user.razonsocial.nombre : '';

  if (loadingProfile) {
    return (
      <div className={classes.page} aria-busy="true" aria-label="Cargando tus datos">
        <Skeleton height={34} width="60%" radius="md" />
        <Skeleton height={18} width="40%" mt="md" radius="md" />
        <div className={classes.cards}>
          <Skeleton height={96} radius="lg" />
          <Skeleton height={96} radius="lg" />
        </div>
      </div>
    );
  }

  return (
    <div className={classes.page}>
      <Text className={classes.kicker}>{greeting(new Date().getHours())}</Text>
      <Title order={1} className={classes.title}>
        Hola, {user.nombre}
      </Title>
      <Text c="dimmed" mt={6}>
        Este es tu panel de Jornada.
      </Text>
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
    </div>
  );
}
