import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import type { Demanda } from '@jornada/contracts';
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { ExportButton } from '../../../components/export-button';
import { IconUpload } from '../../../components/icons';
import { demandTemplates } from '../api/demand';
import { DemandEditor } from './demand-editor';
import { DemandExceptions } from './demand-exceptions';
import { DemandUpload } from './demand-upload';
import classes from './roster.module.css';

/**
 * A site's demand: for who may change it, the template (its current demand, Excel or CSV) and «Cargar
 * demanda»; the usual week's grid; and the dates whose bands replace their weekday's.
 */
export function DemandSection({ siteId, siteName, demand, canManage }: { siteId: string; siteName: string; demand: Demanda; canManage: boolean }) {
  const [uploading, setUploading] = useState(false);
  // The grid starts again from a loaded file once the page has the demand it saved (the query's new data
  // arrives a moment after the load); a date saved later does not touch the grid's unsaved edits.
  const [pendingLoad, setPendingLoad] = useState<string | null>(null);
  const [gridKey, setGridKey] = useState('inicial');
  if (pendingLoad !== null && demand.actualizadaEn === pendingLoad) {
    setGridKey(pendingLoad);
    setPendingLoad(null);
  }
  return (
    <div>
      {canManage && (
        <div className={classes.toolbar}>
          {demandTemplates(siteId).map((template) => (
            <ExportButton key={template.path} path={template.path} filename={template.filename} label={template.label} size="xs" />
          ))}
          <Button size="xs" variant="default" leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
            Cargar demanda
          </Button>
        </div>
      )}
      {demand.actualizadaEn === null && (
        <Text size="sm" c="dimmed" mb="sm" role="status">
          {canManage
            ? 'La sede aún no tiene demanda: indica las personas en la grilla y guárdala, o carga un archivo con la plantilla.'
            : 'La sede aún no tiene demanda: un administrador debe indicarla antes de pedir una propuesta.'}
        </Text>
      )}
      <DemandEditor key={gridKey} siteId={siteId} demand={demand} readOnly={!canManage} />
      <DemandExceptions siteId={siteId} demand={demand} readOnly={!canManage} />
      {canManage && <DemandUpload siteId={siteId} siteName={siteName} opened={uploading} onClose={() => setUploading(false)} onLoaded={(saved) => setPendingLoad(saved.actualizadaEn)} />}
    </div>
  );
}
