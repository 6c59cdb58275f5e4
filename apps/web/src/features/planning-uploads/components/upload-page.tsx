import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Anchor.css';
import { Anchor, Badge, SegmentedControl, Text, useMatches } from '@mantine/core';
import type { Conflictos, ResumenDiasCarga } from '@jornada/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BulkUpload, useLastUpload } from '../../../components/bulk-upload';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { useToken } from '../../../lib/use-token';
import { commitUpload, previewUpload, templatesOf, UPLOAD_STALE_ROOT, type UploadKind, type UploadResult } from '../api/uploads';
import { ColumnsHelp, type ColumnHelp } from './columns-help';
import classes from './upload-page.module.css';

interface UploadPageProps {
  kind: UploadKind;
  title: string;
  description: ReactNode;
  crumb: string;
  entity: string;
  keyLabel: string;
  columns: readonly ColumnHelp[];
  /** Notes under the columns table. */
  notes?: ReactNode;
  doneLink: { to: string; label: string };
}

function count(value: number, singular: string, plural: string) {
  return `${value.toLocaleString('es-CL')} ${value === 1 ? singular : plural}`;
}

/** What the file does to planned days; "Sin cambios" when the file was already applied. */
function DaysSummary({ dias, applied }: { dias: ResumenDiasCarga; applied: boolean }) {
  const changes = dias.crear + dias.reemplazar;
  return (
    <SectionCard title={applied ? 'Días planificados' : 'Días que cambiarán'}>
      {changes === 0 ? (
        <Text size="sm" role="status">
          Sin cambios: {applied ? 'el archivo ya estaba aplicado' : 'todos los días del archivo ya tienen esa planificación'}.
        </Text>
      ) : (
        <Text size="sm" role="status">
          {applied ? 'Se planificaron' : 'Se planificarán'} {count(changes, 'día', 'días')} de {count(dias.trabajadores, 'trabajador', 'trabajadores')}.
          {dias.reemplazar > 0 && ' Cada día reemplazado queda en el registro de cambios.'}
        </Text>
      )}
      <div className={classes.days}>
        <Badge variant="light" size="lg">
          {count(dias.crear, 'día nuevo', 'días nuevos')}
        </Badge>
        <Badge variant="light" color="blue" size="lg">
          {count(dias.reemplazar, 'reemplazado', 'reemplazados')}
        </Badge>
        {dias.conservar > 0 && (
          <Badge variant="light" color="gray" size="lg">
            {count(dias.conservar, 'conservado', 'conservados')}
          </Badge>
        )}
        <Badge variant="light" color="gray" size="lg">
          {count(dias.sinCambios, 'sin cambios', 'sin cambios')}
        </Badge>
        {dias.pasados > 0 && (
          <Badge variant="light" color="sol" c="#5c3c00" size="lg">
            {count(dias.pasados, 'día pasado', 'días pasados')}
          </Badge>
        )}
      </div>
    </SectionCard>
  );
}

/** A planning bulk upload: the columns explained, the templates, upload, preview with row errors, all-or-nothing commit and summary. */
export function UploadPage({ kind, title, description, crumb, entity, keyLabel, columns, notes, doneLink }: UploadPageProps) {
  const token = useToken();
  const client = useQueryClient();
  const [conflictos, setConflictos] = useState<Conflictos>('reemplazar');
  const choiceOrientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  const { last, track, reset } = useLastUpload<UploadResult>();

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Planificación', to: '/dashboard/planning' }, { label: crumb }]}
      />
      <div className={classes.stack}>
        <SectionCard title="Cómo completar el archivo">
          <ColumnsHelp columns={columns} />
          {notes && (
            <Text size="sm" c="dimmed" mt="sm">
              {notes}
            </Text>
          )}
        </SectionCard>
        {kind === 'planificador' && (
          <SectionCard title="Días ya planificados" description="Qué hacer cuando un patrón cae sobre un día que ya tiene planificación.">
            <SegmentedControl
              aria-label="Días ya planificados"
              // Its two choices side by side are wider than a phone: there they stack.
              orientation={choiceOrientation}
              fullWidth={choiceOrientation === 'vertical'}
              value={conflictos}
              onChange={(value) => {
                setConflictos(value as Conflictos);
                reset();
              }}
              data={[
                { value: 'reemplazar', label: 'Reemplazar con el patrón' },
                { value: 'conservar', label: 'Conservar lo planificado' },
              ]}
            />
          </SectionCard>
        )}
        <SectionCard>
          <BulkUpload
            key={conflictos}
            entity={entity}
            keyLabel={keyLabel}
            templates={templatesOf(kind)}
            preview={(file) => track(previewUpload(token, kind, file, conflictos))}
            commit={(file, { confirmarAdvertencias }) => track(commitUpload(token, kind, file, conflictos, confirmarAdvertencias))}
            onCommitted={() => void client.invalidateQueries({ queryKey: UPLOAD_STALE_ROOT[kind] })}
            doneExtra={
              <Anchor component={Link} to={doneLink.to} fw={600}>
                {doneLink.label}
              </Anchor>
            }
          />
        </SectionCard>
        {last?.dias && last.valido && <DaysSummary dias={last.dias} applied={last.aplicado} />}
      </div>
    </>
  );
}
