import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import type { CargaDemandaResultado, Demanda } from '@jornada/contracts';
import { Alert, Button, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { BulkUpload, useLastUpload } from '../../../components/bulk-upload';
import { useToken } from '../../../lib/use-token';
import { commitDemandUpload, demandTemplates, previewDemandUpload } from '../api/demand';
import { rosterKeys } from '../api/keys';

const bands = (n: number) => (n === 1 ? '1 banda' : `${n.toLocaleString('es-CL')} bandas`);

/**
 * «Cargar demanda»: the site's demand from a spreadsheet, in a dialog, as every bulk upload (the templates,
 * the preview with each row's errors, all or nothing). A load replaces the whole demand: the preview says
 * how many bands of the current one the file leaves out. Once loaded, the site's demand query holds the
 * saved demand and `onLoaded` gets it, for the page to redraw its grid.
 */
export function DemandUpload({ siteId, siteName, opened, onClose, onLoaded }: { siteId: string; siteName: string; opened: boolean; onClose: () => void; onLoaded: (saved: Demanda) => void }) {
  const token = useToken();
  const client = useQueryClient();
  const { last, track, reset } = useLastUpload<CargaDemandaResultado>();

  const close = () => {
    reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={`Cargar demanda de ${siteName}`} size="xl" radius="lg" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Text size="sm" mb="md">
        El archivo reemplaza toda la demanda de la sede: la semana y las fechas especiales. Las bandas que no estén en el archivo se quitan.
      </Text>
      {last && !last.aplicado && last.valido && last.quitar > 0 && (
        <Alert color="sol" variant="light" mb="md" title="Se quitarán bandas" role="status">
          {`La demanda actual tiene ${bands(last.quitar)} que no ${last.quitar === 1 ? 'está' : 'están'} en el archivo: al confirmar se ${last.quitar === 1 ? 'quita' : 'quitan'}.`}
        </Alert>
      )}
      <BulkUpload
        entity="bandas"
        keyLabel="Día o fecha"
        descriptionLabel="Banda"
        instructions="Una fila por banda horaria: Día (lunes a domingo) o Fecha (dd-mm-aaaa), Hora desde, Hora hasta y Personas. La plantilla trae la demanda actual de la sede."
        templates={demandTemplates(siteId)}
        preview={(file) => track(previewDemandUpload(token, siteId, file))}
        commit={(file) => track(commitDemandUpload(token, siteId, file))}
        onCommitted={(result) => {
          const saved = (result as CargaDemandaResultado).demanda;
          if (saved) {
            client.setQueryData(rosterKeys.demand(siteId), saved);
            onLoaded(saved);
          }
          void client.invalidateQueries({ queryKey: rosterKeys.demand(siteId) });
        }}
        doneExtra={
          <Button size="xs" variant="default" onClick={close}>
            Ver la demanda
          </Button>
        }
      />
    </Modal>
  );
}
