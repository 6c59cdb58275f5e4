import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import { Button, Text, Title } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { BlockSkeleton } from '../components/states';
import { useSession } from '../lib/session';
import { canAccess, type Area } from './navigation';

/** Shown to a perfil that opens an area it may not use (by typing the address). */
function ForbiddenPage() {
  return (
    <section style={{ maxWidth: '36rem', margin: '3rem auto', textAlign: 'center' }}>
      <Title order={1} size="h2">
        No tienes acceso a esta sección
      </Title>
      <Text c="dimmed" mt="sm">
        Tu perfil no permite ver esta página. Si crees que es un error, pide ayuda al administrador de tu empresa.
      </Text>
      <Button component={Link} to="/dashboard" mt="lg">
        Volver al panel
      </Button>
    </section>
  );
}

/** A private area's guard: waits for the perfil, then shows the page or "No tienes acceso". */
export function RequirePerfil({ area }: { area: Area }) {
  const { user, loadingProfile } = useSession();
  if (loadingProfile || !user.perfil) return <BlockSkeleton label="Cargando tus datos" />;
  if (!canAccess(area, user.perfil)) return <ForbiddenPage />;
  return <Outlet />;
}
