import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import type { Empleador } from '@jornada/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import classes from './sign-in-page.module.css';

interface EmployerChooserProps {
  empleadores: Empleador[];
  /** The company being entered, if one was chosen and its sign-in is on its way. */
  entering: string | null;
  onChoose: (empresaId: string) => void;
  onBack: () => void;
}

/**
 * The companies a password opened, for a person who works for more than one: each is entered with its
 * own button. The question takes the focus when it appears, so a screen reader says it first.
 */
export function EmployerChooser({ empleadores, entering, onChoose, onBack }: EmployerChooserProps) {
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);

  return (
    <section aria-labelledby="elegir-empresa">
      <Stack gap="md">
        <Text id="elegir-empresa" ref={question} tabIndex={-1} className={classes.question}>
          Trabajas en más de una empresa. ¿A cuál quieres entrar?
        </Text>
        <ul className={classes.employers} aria-label="Empresas">
          {empleadores.map((employer) => (
            <li key={employer.id} className={classes.employer}>
              <div className={classes.employerText}>
                <Text fw={600} size="sm">
                  {employer.razonSocial}
                </Text>
                {employer.rut && (
                  <Text size="xs" c="dimmed">
                    RUT {employer.rut}
                  </Text>
                )}
              </div>
              <Button
                size="xs"
                aria-label={`Entrar a ${employer.razonSocial}`}
                loading={entering === employer.id}
                disabled={entering !== null && entering !== employer.id}
                onClick={() => onChoose(employer.id)}
              >
                Entrar
              </Button>
            </li>
          ))}
        </ul>
        <Button variant="subtle" fullWidth onClick={onBack} disabled={entering !== null}>
          Volver
        </Button>
      </Stack>
    </section>
  );
}
