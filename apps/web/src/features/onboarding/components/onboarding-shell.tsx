import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import { Anchor, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import classes from './onboarding-shell.module.css';

const STEPS = ['Datos de la empresa', 'Usuario administrador'] as const;

interface OnboardingShellProps {
  step: 1 | 2;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** Frame of the two onboarding forms: brand header, the two steps, and the form card. */
export function OnboardingShell({ step, title, description, children }: OnboardingShellProps) {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Link to="/" className={classes.brand} aria-label="Jornada, ir al inicio de sesión">
          <Logo size={32} />
        </Link>
        <Text size="sm" className={classes.signIn}>
          ¿Ya tienes cuenta?{' '}
          <Anchor component={Link} to="/" fw={600}>
            Ingresar
          </Anchor>
        </Text>
      </header>
      <main className={classes.main}>
        <ol className={classes.steps} aria-label="Pasos del registro">
          {STEPS.map((label, index) => {
            const number = index + 1;
            const state = number < step ? 'done' : number === step ? 'current' : 'next';
            return (
              <li key={label} className={classes.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
                <span className={classes.stepNumber} aria-hidden="true">
                  {state === 'done' ? '✓' : number}
                </span>
                <span>
                  <span className={classes.stepKicker}>Paso {number} de 2</span>
                  <span className={classes.stepLabel}>{label}</span>
                </span>
              </li>
            );
          })}
        </ol>
        <section className={classes.card} aria-labelledby="onboarding-title">
          <Title order={1} id="onboarding-title" className={classes.title}>
            {title}
          </Title>
          <Text c="dimmed" className={classes.description}>
            {description}
          </Text>
          {children}
        </section>
      </main>
    </div>
  );
}
