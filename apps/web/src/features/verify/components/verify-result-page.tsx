import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import { Alert, Anchor, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { IconAlert, IconCheck } from '../../../components/icons';
import { ReceiptDetails } from '../../../components/receipt/receipt-details';
import { BlockSkeleton } from '../../../components/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useVerification } from '../api/verify-receipt';
import { normalizeHash } from './hash';
import { VerifyForm } from './verify-form';
import { VerifyShell } from './verify-shell';
import classes from './verify.module.css';

function Result({ hash }: { hash: string }) {
  const verification = useVerification(hash);
  if (verification.isPending) return <BlockSkeleton lines={8} label="Verificando el comprobante" />;
  if (verification.error) {
    const notFound = verification.error instanceof ApiError && verification.error.status === 404;
    return (
      <Alert color="red" role="alert" title={notFound ? 'No encontramos un comprobante con este código' : 'No pudimos verificar el comprobante'} icon={<IconAlert size={20} />}>
        {notFound
          ? 'Ninguna marca registrada en Jornada tiene este código. Revisa que lo hayas copiado completo, sin espacios de más.'
          : errorMessage(verification.error)}
      </Alert>
    );
  }
  const { integra, comprobante } = verification.data;
  return (
    <>
      {integra ? (
        <Alert color="jornada" role="status" title="Comprobante auténtico" icon={<IconCheck size={20} />} mb="md">
          La marca está registrada en Jornada y sus datos no han sido alterados desde que se registró.
        </Alert>
      ) : (
        <Alert color="red" role="alert" title="Comprobante alterado" icon={<IconAlert size={20} />} mb="md">
          La marca existe, pero sus datos guardados ya no corresponden a este código: el registro fue alterado después de marcar.
        </Alert>
      )}
      <ReceiptDetails publico={comprobante} label="Datos del comprobante verificado" />
      <Text size="sm" c="dimmed" mt="sm">
        Por privacidad, la verificación pública no muestra el nombre, el RUT completo ni la ubicación: están en el comprobante que recibió el trabajador.
      </Text>
    </>
  );
}

/** `/verificar/:hash`: whether the receipt is authentic, and its legal fields. */
export function VerifyResultPage() {
  const { hash: raw = '' } = useParams();
  const hash = normalizeHash(raw);
  return (
    <VerifyShell>
      <section className={classes.card} aria-labelledby="verificacion-titulo">
        <Title order={1} id="verificacion-titulo" className={classes.title}>
          Verificación de comprobante
        </Title>
        <Text size="sm" c="dimmed" mb="md" className={classes.code}>
          Código: {raw}
        </Text>
        {hash ? (
          <Result hash={hash} />
        ) : (
          <Alert color="red" role="alert" title="El código no es válido" icon={<IconAlert size={20} />}>
            Un código de verificación tiene 64 caracteres (números del 0 al 9 y letras de la a a la f).
          </Alert>
        )}
      </section>
      <section className={classes.card} aria-labelledby="otro-titulo">
        <Title order={2} id="otro-titulo" className={classes.subtitle}>
          Verificar otro comprobante
        </Title>
        <VerifyForm />
        <Text size="sm" mt="md">
          <Anchor component={Link} to="/">
            Volver al inicio de sesión
          </Anchor>
        </Text>
      </section>
    </VerifyShell>
  );
}
