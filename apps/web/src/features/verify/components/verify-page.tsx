import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import { Text, Title } from '@mantine/core';
import { VerifyForm } from './verify-form';
import { VerifyShell } from './verify-shell';
import classes from './verify.module.css';

/** `/verificar`: anyone (a worker, an inspector) checks a receipt by its code. */
export function VerifyPage() {
  return (
    <VerifyShell>
      <section className={classes.card} aria-labelledby="verificar-titulo">
        <Title order={1} id="verificar-titulo" className={classes.title}>
          Verificar un comprobante de marca
        </Title>
        <Text c="dimmed" mb="lg">
          Cada marca de asistencia registrada en Jornada tiene un código único. Pégalo aquí para comprobar que la marca existe y que sus datos no fueron alterados.
        </Text>
        <VerifyForm />
      </section>
    </VerifyShell>
  );
}
