import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import { AppShell, Avatar, Badge, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { Link, NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { EvaluationProgress } from '../../components/evaluation-progress';
import { IconLogout } from '../../components/icons';
import { getEnv } from '../../config/env';
import { useIsInspectorVisit } from '../../features/inspectors/visit';
import { NotificationBell } from '../../features/notifications';
import { PeopleSearchButton } from '../../features/people-search';
import { fullName, initials, perfilLabel } from '../../lib/format';
import { useSession, useSessionStore } from '../../lib/session';
import { navItemsFor, type NavItem } from '../navigation';
import classes from './private-layout.module.css';

function isActive(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (item.end) return path === item.to;
  return path === item.to || path.startsWith(`${item.to}/`);
}

/** One entry of the navigation; a section is a collapsible group, open while one of its pages is shown. */
function NavEntry({ item, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate: () => void }) {
  const Icon = item.icon;
  if (item.children) {
    const childActive = item.children.some((child) => isActive(child, pathname));
    return (
      <NavLink
        // A section only opens and closes: a button, not a link without a destination (axe: aria-allowed-attr).
        component="button"
        type="button"
        label={item.label}
        leftSection={Icon ? <Icon size={20} /> : undefined}
        defaultOpened={childActive}
        // A closed section renders nothing: kept mounted, its links would render in a hidden
        // <Activity> right after the first paint of every page, a dozen links per section.
        keepMounted={false}
        className={classes.navLink}
        childrenOffset={34}
      >
        {item.children.map((child) => (
          <NavLink
            key={child.to}
            component={RouterNavLink}
            to={child.to}
            end={child.end}
            label={child.label}
            active={isActive(child, pathname)}
            onClick={onNavigate}
            className={classes.navLink}
          />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={RouterNavLink}
      to={item.to}
      end={item.end}
      label={item.label}
      leftSection={Icon ? <Icon size={20} /> : undefined}
      active={isActive(item, pathname)}
      onClick={onNavigate}
      className={classes.navLink}
    />
  );
}

/** The private area's frame: header, navigation (a burger menu on phones), the user's card and sign-out. */
export function PrivateLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useSession();
  const store = useSessionStore();
  const location = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const { user } = session;
  const inspectorVisit = useIsInspectorVisit(session.token, user.perfil === 'fiscalizador') === true;
  const name = fullName(user.nombre, user.apellidos);
  const company = user.razonsocial ? user.razonsocial.nombre : '';

  const signOut = async () => {
    setSigningOut(true);
    // On failure the session is kept and the reason goes to the console only (spec sections 4 and 8).
    await store.logout();
    setSigningOut(false);
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
      classNames={{ main: classes.main, navbar: classes.navbar, header: classes.header }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Cerrar menú' : 'Abrir menú'}
              aria-expanded={opened}
              aria-controls="navegacion-principal"
            />
            <Link to="/dashboard" className={classes.brandLink} aria-label="Jornada, ir al inicio">
              <Logo size={30} />
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap" className={classes.headerEnd}>
            {company && (
              <Text size="sm" c="dimmed" visibleFrom="sm" className={classes.headerCompany} truncate="end">
                {company}
              </Text>
            )}
            {/* A person by name or RUT from any page: for those who see the people of the company or their groups. */}
            {(user.perfil === 'administrador' || user.perfil === 'supervisor') && <PeopleSearchButton />}
            {/* The bell: what waits for this person (a fiscalizador has nothing to act on). */}
            {user.perfil && user.perfil !== 'fiscalizador' && <NotificationBell />}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="navegacion-principal" aria-label="Navegación principal" component="nav" p="md">
        {/* The links scroll on short screens so the user block and "Cerrar sesión" always stay in view. */}
        <AppShell.Section grow style={{ overflowY: 'auto', minHeight: 0 }}>
          <Stack gap={4}>
            {navItemsFor(user.perfil, { inspectorVisit }).map((item) => (
              <NavEntry key={item.to} item={item} pathname={location.pathname} onNavigate={close} />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section className={classes.userSection}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Avatar color="jornada" radius="xl" aria-hidden="true">
              {initials(user.nombre, user.apellidos)}
            </Avatar>
            <div className={classes.userText}>
              <Text fw={600} size="sm" truncate="end" data-testid="session-user-name">
                {name || 'Cargando…'}
              </Text>
              {company && (
                <Text size="xs" c="dimmed" truncate="end" data-testid="session-company">
                  {company}
                </Text>
              )}
              {user.perfil && (
                <Badge size="sm" variant="light" mt={6} data-testid="session-perfil">
                  {perfilLabel(user.perfil)}
                </Badge>
              )}
            </div>
          </Group>
          <Button
            variant="default"
            fullWidth
            mt="md"
            leftSection={<IconLogout size={18} />}
            onClick={signOut}
            loading={signingOut}
          >
            Cerrar sesión
          </Button>
          <Text size="xs" c="dimmed" ta="center" mt="sm">
            Jornada v{getEnv().version}
          </Text>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="contenido">
        <EvaluationProgress />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
