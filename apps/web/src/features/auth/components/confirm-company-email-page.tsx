import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { NetworkError } from '../../../lib/api-client';
import { useConfirmCompanyEmail } from '../api/confirm-company-email';
import { AuthShell } from './auth-shell';

/**
 * `/confirmar-correo/:token`: the link e-mailed to a company's address. It confirms only on a click,
 * not on load: mail filters that open links to scan them must not confirm an address for its owner.
 */
export function ConfirmCompanyEmailPage() {
  const { token = '' } = useParams();
  const mutation = useConfirmCompanyEmail();

  const failure =
    mutation.error instanceof NetworkError
      ? 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.'
      : (mutation.error?.message ?? null);

  if (mutation.isSuccess) {
    return (
      <AuthShell title="Correo confirmado">
        <Stack gap="lg">
          <Alert color="jornada" variant="light" title="Listo" role="status">
            {mutation.data.email} quedó confirmado como el correo de la empresa. Las invitaciones pendientes a sus usuarios se están enviando (hasta 200 por
            día).
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
      title="Confirma el correo de la empresa"
      subtitle="Así Jornada sabe que este correo es de la empresa y puede enviar las invitaciones a sus usuarios."
      footer={
        <Anchor component={Link} to="/" fw={600}>
          Ir a iniciar sesión
        </Anchor>
      }
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          Si no reconoces esta empresa, cierra esta página: sin tu confirmación no se envían invitaciones en su nombre.
        </Text>
        <Button fullWidth loading={mutation.isPending} onClick={() => mutation.mutate(token)}>
          Confirmar correo
        </Button>
      </Stack>
    </AuthShell>
  );
}
