import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Button, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ExportButton } from '../../../components/export-button';
import { Logo } from '../../../components/logo';
import { PageHeader } from '../../../components/page-header';
import { ReceiptDetails } from '../../../components/receipt/receipt-details';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, ErrorState } from '../../../components/states';
import { ApiError } from '../../../lib/api-client';
import { useReceipt } from '../api/get-receipt';
import classes from './receipt-page.module.css';

/**
 * `/dashboard/comprobantes/:id`: a mark's receipt, ready to print (the print style leaves only the
 * receipt) or to download as the API's PDF.
 */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  const c = receipt.data;

  return (
    <>
      <div className={classes.noPrint}>
        <PageHeader
          title="Comprobante de marca"
          description="El comprobante que exige la Dirección del Trabajo para cada marca. Imprímelo o descárgalo en PDF."
          breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Marcar asistencia', to: '/dashboard/web-marking' }, { label: 'Comprobante' }]}
          actions={
            c ? (
              <>
                <Button variant="default" onClick={() => window.print()}>
                  Imprimir
                </Button>
                <ExportButton path={`/v1/marcas/${encodeURIComponent(id)}/comprobante.pdf`} filename={`comprobante-${c.fecha.replaceAll('/', '-')}-${c.hora.replaceAll(':', '')}.pdf`} label="Descargar PDF" />
              </>
            ) : undefined
          }
        />
      </div>
      {receipt.isPending ? (
        <SectionCard>
          <BlockSkeleton lines={8} label="Cargando el comprobante" />
        </SectionCard>
      ) : receipt.error || !c ? (
        <SectionCard>
          <ErrorState
            error={receipt.error}
            title={receipt.error instanceof ApiError && receipt.error.status === 404 ? 'No encontramos este comprobante' : 'No pudimos cargar el comprobante'}
            onRetry={receipt.error instanceof ApiError && receipt.error.status === 404 ? undefined : () => void receipt.refetch()}
            retrying={receipt.isFetching}
          />
        </SectionCard>
      ) : (
        <article className={classes.sheet} aria-labelledby="comprobante-titulo">
          <header className={classes.sheetHead}>
            <Logo size={32} />
            <div>
              <Text component="h2" id="comprobante-titulo" fw={700} size="lg" className={classes.title}>
                Comprobante de marca de asistencia
              </Text>
              <Text size="sm" c="dimmed">
                Res. Ex. N° 38 de 2024 de la Dirección del Trabajo
              </Text>
            </div>
          </header>
          <ReceiptDetails comprobante={c} />
          <Text size="sm" mt="md">
            Verifica este comprobante en{' '}
            <Anchor component={Link} to={`/verificar/${c.hash}`} className={classes.url}>
              {c.urlVerificacion}
            </Anchor>
          </Text>
        </article>
      )}
    </>
  );
}
