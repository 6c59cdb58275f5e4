import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import { Button, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import classes from './not-found-page.module.css';

interface NotFoundPageProps {
  /** Where "Volver" leads: the dashboard home inside the private area, sign-in outside. */
  homePath?: string;
  homeLabel?: string;
  /** Inside the private layout the page sits in the content area instead of filling the screen. */
  embedded?: boolean;
}

export function NotFoundPage({ homePath = '/', homeLabel = 'Ir al inicio', embedded = false }: NotFoundPageProps) {
  const content = (
    <div className={classes.box}>
      <p className={classes.code} aria-hidden="true">
        404
      </p>
      <Title order={1} className={classes.title}>
        No encontramos esta página
      </Title>
      <Text c="dimmed" className={classes.text}>
        La dirección no existe o cambió. Revisa el enlace o vuelve al inicio.
      </Text>
      <Button component={Link} to={homePath} mt="lg">
        {homeLabel}
      </Button>
    </div>
  );
  if (embedded) return <section className={classes.embedded}>{content}</section>;
  return <main className={classes.page}>{content}</main>;
}
