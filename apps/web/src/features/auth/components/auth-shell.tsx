import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import classes from './auth-shell.module.css';

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** Frame of the public account pages: the brand panel beside a form card (the card alone on phones). */
export function AuthShell({ title, subtitle, children, footer }: AuthShellProps) {
  return (
    <div className={classes.page}>
      <aside className={classes.brand} aria-label="Jornada">
        <Logo size={40} tone="light" />
        <div className={classes.pitch}>
          <p className={classes.headline}>La asistencia de tu equipo, clara y al día.</p>
          <ul className={classes.points}>
            <li>Marcas, turnos, permisos y horas extra en un solo lugar.</li>
            <li>Pensado para empresas en Chile y su normativa laboral.</li>
            <li>Cada persona ve lo que le corresponde según su perfil.</li>
          </ul>
        </div>
        <p className={classes.legal}>© {new Date().getFullYear()} Jornada</p>
      </aside>
      <main className={classes.main}>
        <div className={classes.card}>
          <Link to="/" className={classes.mobileLogo} aria-label="Jornada, ir al inicio de sesión">
            <Logo size={36} />
          </Link>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" className={classes.subtitle}>
              {subtitle}
            </Text>
          )}
          {children}
        </div>
        {footer && <div className={classes.footer}>{footer}</div>}
      </main>
    </div>
  );
}
