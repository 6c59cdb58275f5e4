import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { notify } from '../../lib/toasts';
import { IconAlert, IconInbox } from '../icons';
import { useInvitations, useResendConfirmation } from './api';

const count = (n: number, one: string, many: string) => (n === 1 ? one : many.replace('{n}', n.toLocaleString('es-CL')));

/**
 * What holds the company's user invitations back, for an administrator (the users page and the home
 * page): its e-mail not confirmed (with a button that sends the link again) or missing, or the daily
 * maximum of invitations reached. Nothing when nothing waits.
 */
export function InvitationsBanner() {
  const { user } = useSession();
  const isAdmin = user.perfil === 'administrador';
  const status = useInvitations(isAdmin);
  const resend = useResendConfirmation();
  const data = status.data;
  if (!isAdmin || !data) return null;

  const waiting = count(data.pendientes, 'Hay 1 invitación esperando.', 'Hay {n} invitaciones esperando.');

  if (!data.correoConfirmado && !data.correoEmpresa) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlert size={18} />} title="Agrega el correo de la empresa" mb="lg" role="status">
        <Text size="sm">
          Agrega el correo de la empresa en Configuración y confírmalo con el enlace que le enviaremos para enviar las invitaciones pendientes.
          {data.pendientes > 0 && ` ${waiting}`}
        </Text>
        <Button component={Link} to="/dashboard/settings/company" size="xs" variant="light" mt="sm">
          Ir a los datos de la empresa
        </Button>
      </Alert>
    );
  }

  if (!data.correoConfirmado) {
    const send = async () => {
      try {
        notify.success((await resend.mutateAsync()).message);
      } catch (error) {
        notify.error(errorMessage(error));
      }
    };
    return (
      <Alert color="yellow" variant="light" icon={<IconAlert size={18} />} title="Falta confirmar el correo de la empresa" mb="lg" role="status">
        <Text size="sm">
          Confirma el correo de la empresa ({data.correoEmpresa}) para enviar las invitaciones pendientes.{' '}
          {data.pendientes > 0 ? waiting : 'Hasta entonces, las invitaciones a los usuarios nuevos quedan pendientes.'}
        </Text>
        <Button size="xs" variant="light" mt="sm" onClick={() => void send()} loading={resend.isPending}>
          Reenviar correo de confirmación
        </Button>
      </Alert>
    );
  }

  if (data.pendientes > 0) {
    return (
      <Alert color="blue" variant="light" icon={<IconInbox size={18} />} title="Invitaciones pendientes" mb="lg" role="status">
        <Text size="sm">
          {count(data.pendientes, '1 invitación se enviará', '{n} invitaciones se enviarán')}{' '}
          {data.enviadasHoy < data.maximoDiario
            ? 'en los próximos minutos.'
            : `${data.pendientes > data.maximoDiario ? 'a partir de mañana' : 'mañana'}: el máximo es de ${data.maximoDiario.toLocaleString('es-CL')} invitaciones por día por empresa.`}
        </Text>
      </Alert>
    );
  }
  return null;
}
