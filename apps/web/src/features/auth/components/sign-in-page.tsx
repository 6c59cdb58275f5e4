import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Stack.css';
import type { AuthBody } from '@jornada/contracts';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { FocusEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { formatRutForDisplay } from '../../../lib/format';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useSession } from '../../../lib/session';
import { useSignIn } from '../hooks/use-sign-in';
import { AuthShell } from './auth-shell';
import { EmployerChooser } from './employer-chooser';
import classes from './sign-in-page.module.css';

const validation = lazyResolver<AuthBody>(() => import('../sign-in-validation').then((m) => m.signInResolver));

/** Only same-app private paths are valid return targets (no open redirect). */
function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/' ? from : '/dashboard';
}

export function SignInPage() {
  const session = useSession();
  const location = useLocation();
  const { signIn, pending, choice, chooseEmployer, entering, cancelChoice } = useSignIn();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<AuthBody>({ resolver: validation.resolver, defaultValues: { rut: '', password: '' } });


  if (session.status === 'signed-in') return <Navigate to={returnPath(location.state)} replace />;

  if (choice) {
    return (
      <AuthShell title="Elige la empresa">
        <EmployerChooser empleadores={choice.empleadores} entering={entering} onChoose={(id) => void chooseEmployer(id)} onBack={cancelChoice} />
      </AuthShell>
    );
  }

  const rutField = register('rut', {
    onBlur: (event: FocusEvent<HTMLInputElement>) => setValue('rut', formatRutForDisplay(event.target.value)),
  });

  return (
    <AuthShell
      title="Ingresa a tu cuenta"
      subtitle="Usa tu RUT y la contraseña de Jornada."
      footer={
        <>
          ¿Tu empresa aún no usa Jornada?{' '}
          <Anchor component={Link} to="/configuracion" fw={600}>
            Registra tu empresa
          </Anchor>
          <br />
          <Anchor component={Link} to="/fiscalizacion" size="sm">
            Acceso para fiscalizadores de la Dirección del Trabajo
          </Anchor>
        </>
      }
    >
      {/* The validation (zod and the schema) is fetched when the person starts on the form, not while
          the page loads (Lighthouse blocking time); a submit before that waits for it. */}
      <form
        onSubmit={handleSubmit((body) => signIn(body))}
        onFocus={() => void validation.preload().catch(() => undefined)}
        noValidate
        aria-label="Iniciar sesión"
      >
        <Stack gap="md">
          <TextInput
            label="RUT"
            autoComplete="username"
            inputMode="text"
            description="Con o sin puntos, por ejemplo 12.345.678-5"
            error={errors.rut?.message}
            {...rutField}
          />
          <PasswordInput
            label="Contraseña"
            autoComplete="current-password"
            error={errors.password?.message}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
            {...register('password')}
          />
          <div className={classes.forgot}>
            <Anchor component={Link} to="/forgotpassword" size="sm">
              ¿Olvidaste tu contraseña?
            </Anchor>
          </div>
          <Button type="submit" fullWidth loading={pending}>
            Ingresar
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
