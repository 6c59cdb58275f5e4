import '@mantine/core/styles/Anchor.css';
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import classes from './verify.module.css';

/** Frame of the public verification pages: the brand, the content, and a way to the sign-in. */
export function VerifyShell({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <header className={classes.top}>
        <Link to="/" className={classes.brand} aria-label="Jornada, ir al inicio de sesión">
          <Logo size={32} />
        </Link>
        <Anchor component={Link} to="/" size="sm">
          Ingresar
        </Anchor>
      </header>
      <main className={classes.main}>{children}</main>
    </div>
  );
}
