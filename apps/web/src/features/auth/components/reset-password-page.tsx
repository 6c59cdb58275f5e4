import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Alert.css';
import { resetPasswordBodySchema } from '@jornada/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { NetworkError } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { AuthShell } from './auth-shell';

const formSchema = z
  .object({
    password: resetPasswordBodySchema.shape.password,
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'Las contraseñas no coinciden.',
  });
type FormValues = z.infer<typeof formSchema>;

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const mutation = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { password: '', confirm: '' } });

  const failure =
    mutation.error instanceof NetworkError
      ? 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.'
      : (mutation.error?.message ?? null);

  if (mutation.isSuccess) {
    return (
      <AuthShell title="Contraseña actualizada">
        <Stack gap="lg">
          <Alert color="jornada" variant="light" title="Listo" role="status">
            Tu contraseña fue cambiada. Por seguridad, cerramos las sesiones abiertas con la contraseña anterior.
          </Alert>
          <Button component={Link} to="/" fullWidth>
            Iniciar sesión
          </Button>
        </Stack>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Crea una nueva contraseña"
      subtitle="Debe tener al menos 8 caracteres."
      footer={
        <Anchor component={Link} to="/" fw={600}>
          Volver a iniciar sesión
        </Anchor>
      }
    >
      <form
        onSubmit={handleSubmit(({ password }) => mutation.mutate({ token, password }))}
        noValidate
        aria-label="Cambiar contraseña"
      >
        <Stack gap="md">
          <PasswordInput
            label="Nueva contraseña"
            autoComplete="new-password"
            error={errors.password?.message}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
            {...register('password')}
          />
          <PasswordInput
            label="Repetir contraseña"
            autoComplete="new-password"
            error={errors.confirm?.message}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña repetida' }}
            {...register('confirm')}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}{' '}
              <Anchor component={Link} to="/forgotpassword" size="sm">
                Pedir un enlace nuevo
              </Anchor>
            </Alert>
          )}
          <Button type="submit" fullWidth loading={mutation.isPending}>
            Cambiar contraseña
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
