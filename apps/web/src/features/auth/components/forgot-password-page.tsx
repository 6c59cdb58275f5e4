import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Alert.css';
import { forgotPasswordBodySchema, type ForgotPasswordBody } from '@jornada/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { NetworkError } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { AuthShell } from './auth-shell';

export function ForgotPasswordPage() {
  const mutation = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({ resolver: zodResolver(forgotPasswordBodySchema), defaultValues: { rutOEmail: '' } });

  const failure =
    mutation.error instanceof NetworkError
      ? 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.'
      : mutation.error
        ? mutation.error.message
        : null;

  return (
    <AuthShell
      title="Recupera tu contraseña"
      subtitle="Escribe tu RUT o tu correo electrónico y te enviaremos un enlace para crear una nueva contraseña."
      footer={
        <Anchor component={Link} to="/" fw={600}>
          Volver a iniciar sesión
        </Anchor>
      }
    >
      {mutation.isSuccess ? (
        <Alert color="jornada" variant="light" title="Revisa tu correo" role="status">
          {mutation.data}
        </Alert>
      ) : (
        <form onSubmit={handleSubmit((body) => mutation.mutate(body))} noValidate aria-label="Recuperar contraseña">
          <Stack gap="md">
            <TextInput
              label="RUT o correo electrónico"
              autoComplete="username"
              error={errors.rutOEmail?.message}
              {...register('rutOEmail')}
            />
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <Button type="submit" fullWidth loading={mutation.isPending}>
              Enviar enlace
            </Button>
          </Stack>
        </form>
      )}
    </AuthShell>
  );
}
