import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Checkbox.css';
import { Alert, Badge, Button, Checkbox, FileInput, Table, Text } from '@mantine/core';
import type { AccionFila, CargaMasivaResultado, FilaError } from '@jornada/contracts';
import { useState, type DragEvent, type ReactNode } from 'react';
import { ApiError, errorMessage, NetworkError } from '../../lib/api-client';
import { ExportButton } from '../export-button';
import { IconAlert, IconCheck, IconFile, IconUpload } from '../icons';
import { formatDatesIn } from '../../lib/format';
import classes from './bulk-upload.module.css';

interface BulkTemplate {
  label: string;
  /** Authenticated API path of the template file. */
  path: string;
  filename: string;
}

interface BulkUploadProps {
  /** Plural noun of what each row is, e.g. "usuarios". */
  entity: string;
  /** Header of the `clave` column of the preview (e.g. "RUT"). */
  keyLabel?: string;
  /** Header of the `descripcion` column of the preview ("Nombre" by default). */
  descriptionLabel?: string;
  /** What to write in the file, under «1. Descarga la plantilla» (by default: one row per `entity`). */
  instructions?: ReactNode;
  templates: BulkTemplate[];
  /** `accept` of the file input. */
  accept?: string;
  maxBytes?: number;
  /** Reads and validates the file without writing anything (`aplicado: false`). */
  preview: (file: File) => Promise<CargaMasivaResultado>;
  /**
   * Writes every row or none; a result with `valido: false` means nothing was written. `confirmarAdvertencias`
   * is true when the user confirmed the preview's row warnings (`confirmacionRequerida`).
   */
  commit: (file: File, options: { confirmarAdvertencias: boolean }) => Promise<CargaMasivaResultado>;
  /** Called after a successful commit (refresh lists...). */
  onCommitted?: (result: CargaMasivaResultado) => void;
  /** Extra content under the success message (a link to the list...). */
  doneExtra?: ReactNode;
  /** At most this many preview rows are shown. */
  previewLimit?: number;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'preview'; result: CargaMasivaResultado }
  | { kind: 'committing'; result: CargaMasivaResultado }
  | { kind: 'done'; result: CargaMasivaResultado };

const DEFAULT_ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

const ACTION_LABELS: Record<AccionFila, { label: string; color: string }> = {
  crear: { label: 'Crear', color: 'jornada' },
  actualizar: { label: 'Actualizar', color: 'blue' },
  sin_cambios: { label: 'Sin cambios', color: 'gray' },
  error: { label: 'Error', color: 'red' },
};

/** Our own checks (size) throw plain Errors with a Spanish message; API failures have theirs. */
function describe(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError || !(error instanceof Error)) return errorMessage(error);
  return error.message;
}

function count(value: number, singular: string, pluralForm: string): string {
  return `${value.toLocaleString('es-CL')} ${value === 1 ? singular : pluralForm}`;
}

/** "Se crearon 3, se actualizaron 2 y 1 quedó sin cambios." */
export function bulkSummaryText(result: CargaMasivaResultado): string {
  const { crear, actualizar, sinCambios } = result.resumen;
  const parts: string[] = [];
  if (crear) parts.push(crear === 1 ? 'se creó 1' : `se crearon ${crear.toLocaleString('es-CL')}`);
  if (actualizar) parts.push(actualizar === 1 ? 'se actualizó 1' : `se actualizaron ${actualizar.toLocaleString('es-CL')}`);
  if (sinCambios) parts.push(sinCambios === 1 ? '1 quedó sin cambios' : `${sinCambios.toLocaleString('es-CL')} quedaron sin cambios`);
  if (parts.length === 0) return 'El archivo no tenía filas.';
  const text = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function ErrorsTable({ errors, caption = 'Errores por fila', warning = false }: { errors: FilaError[]; caption?: string; warning?: boolean }) {
  return (
    <div className={warning ? classes.warnings : classes.errors}>
      <Table striped verticalSpacing="xs" className={classes.errorTable}>
        <caption className={warning ? classes.warningCaption : classes.caption}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Fila</Table.Th>
            <Table.Th scope="col">Columna</Table.Th>
            <Table.Th scope="col">Mensaje</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((error, index) => (
            <Table.Tr key={`${error.fila}-${error.columna ?? ''}-${index}`}>
              <Table.Td>{error.fila}</Table.Td>
              <Table.Td>{error.columna || 'Toda la fila'}</Table.Td>
              <Table.Td>{error.mensaje}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/**
 * Bulk upload in three steps: download a template, choose a file (or drop it) and see a preview with
 * what each row does and every row error (fila, columna, mensaje), then confirm. All or nothing:
 * with any error "Confirmar carga" stays disabled, and a commit the server refuses writes nothing.
 */
export function BulkUpload({
  entity,
  keyLabel = 'Clave',
  descriptionLabel = 'Nombre',
  instructions,
  templates,
  accept = DEFAULT_ACCEPT,
  maxBytes = 10 * 1024 * 1024,
  preview,
  commit,
  onCommitted,
  doneExtra,
  previewLimit = 100,
}: BulkUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  // The user's «Entiendo…» on the preview's row warnings; a new file asks again.
  const [confirmed, setConfirmed] = useState(false);

  const choose = async (next: File | null) => {
    setFile(next);
    setConfirmed(false);
    if (!next) {
      setStep({ kind: 'idle' });
      return;
    }
    if (next.size > maxBytes) {
      setStep({ kind: 'failed', error: new Error(`El archivo pesa más de ${Math.round(maxBytes / 1024 / 1024)} MB.`) });
      return;
    }
    setStep({ kind: 'checking' });
    try {
      setStep({ kind: 'preview', result: await preview(next) });
    } catch (error) {
      setStep({ kind: 'failed', error });
    }
  };

  const confirm = async () => {
    if (!file || step.kind !== 'preview') return;
    setStep({ kind: 'committing', result: step.result });
    try {
      const result = await commit(file, { confirmarAdvertencias: confirmed });
      if (result.aplicado) {
        setStep({ kind: 'done', result });
        setFile(null);
        onCommitted?.(result);
      } else {
        // Something changed since the preview (a RUT taken meanwhile...): nothing was written.
        setStep({ kind: 'preview', result });
      }
    } catch (error) {
      setStep({ kind: 'failed', error });
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) void choose(dropped);
  };

  const result = step.kind === 'preview' || step.kind === 'committing' ? step.result : null;
  const busy = step.kind === 'checking' || step.kind === 'committing';
  const warnings = result?.advertencias ?? [];
  const mustConfirm = result?.confirmacionRequerida === true && result.errores.length === 0;

  return (
    <div className={classes.wrap}>
      <ol className={classes.steps}>
        <li className={classes.step}>
          <Text fw={600} component="h3">
            1. Descarga la plantilla
          </Text>
          <Text size="sm" c="dimmed">
            {instructions ?? `Completa una fila por cada uno de los ${entity}.`} No cambies los títulos de las columnas.
          </Text>
          <div className={classes.templates}>
            {templates.map((template) => (
              <ExportButton key={template.path} path={template.path} filename={template.filename} label={template.label} size="sm" />
            ))}
          </div>
        </li>
        <li className={classes.step}>
          <Text fw={600} component="h3">
            2. Sube el archivo completado
          </Text>
          <div
            className={classes.drop}
            data-dragging={dragging || undefined}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <IconFile size={28} className={classes.dropIcon} />
            <FileInput
              label="Archivo Excel o CSV"
              name="archivo"
              description={`También puedes arrastrarlo hasta aquí. Máximo ${Math.round(maxBytes / 1024 / 1024)} MB.`}
              placeholder="Elegir archivo…"
              accept={accept}
              value={file}
              onChange={(next) => void choose(next)}
              clearable
              clearButtonProps={{ 'aria-label': 'Quitar archivo' }}
              leftSection={<IconUpload size={16} />}
              className={classes.fileInput}
              disabled={busy}
            />
          </div>
        </li>
        <li className={classes.step}>
          <Text fw={600} component="h3">
            3. Revisa y confirma
          </Text>
          {step.kind === 'idle' && (
            <Text size="sm" c="dimmed">
              Aquí verás la revisión del archivo. Nada se guarda hasta que confirmes.
            </Text>
          )}
          {step.kind === 'checking' && (
            <Text size="sm" role="status">
              Revisando el archivo…
            </Text>
          )}
          {step.kind === 'failed' && (
            <Alert color="red" variant="light" icon={<IconAlert size={18} />} title="No se pudo procesar el archivo" role="alert">
              {describe(step.error)}
            </Alert>
          )}
          {step.kind === 'done' && (
            <Alert color="jornada" variant="light" icon={<IconCheck size={18} />} title="Carga completada" role="status">
              {bulkSummaryText(step.result)}
              {doneExtra && <div className={classes.doneExtra}>{doneExtra}</div>}
            </Alert>
          )}
          {result && (
            <div className={classes.result}>
              <div className={classes.summary} role="status" aria-label="Resumen del archivo">
                <Badge variant="light" color="gray" size="lg">
                  {count(result.resumen.totalFilas, 'fila', 'filas')}
                </Badge>
                {result.resumen.crear > 0 && (
                  <Badge variant="light" size="lg">
                    {count(result.resumen.crear, 'nuevo', 'nuevos')}
                  </Badge>
                )}
                {result.resumen.actualizar > 0 && (
                  <Badge variant="light" color="blue" size="lg">
                    {count(result.resumen.actualizar, 'a actualizar', 'a actualizar')}
                  </Badge>
                )}
                {result.resumen.sinCambios > 0 && (
                  <Badge variant="light" color="gray" size="lg">
                    {count(result.resumen.sinCambios, 'sin cambios', 'sin cambios')}
                  </Badge>
                )}
                {result.errores.length > 0 ? (
                  <Badge color="red" variant="light" size="lg">
                    {count(result.errores.length, 'error', 'errores')}
                  </Badge>
                ) : (
                  <Badge color="jornada" variant="filled" size="lg">
                    Sin errores
                  </Badge>
                )}
              </div>
              {result.errores.length > 0 && (
                <>
                  <Text size="sm" mt="sm">
                    Corrige estas filas en el archivo y vuelve a subirlo. No se guardará nada mientras el archivo tenga errores.
                  </Text>
                  <ErrorsTable errors={result.errores} />
                </>
              )}
              {warnings.length > 0 && (
                <>
                  <Alert color="sol" variant="light" icon={<IconAlert size={18} />} title="Advertencias" mt="sm">
                    {warnings.length === 1 ? 'Una fila no cumple' : 'Algunas filas no cumplen'} la ley. Revisa las advertencias antes de confirmar.
                  </Alert>
                  <ErrorsTable errors={warnings} caption="Advertencias por fila" warning />
                </>
              )}
              {mustConfirm && (
                <Checkbox
                  mt="sm"
                  label="Entiendo que estas filas no cumplen la ley y quiero cargarlas igual"
                  description="Solo corresponde con una resolución de jornada excepcional de la Dirección del Trabajo o para trabajadores exceptuados del límite de jornada."
                  checked={confirmed}
                  onChange={(event) => setConfirmed(event.currentTarget.checked)}
                  disabled={busy}
                />
              )}
              {result.filas.length > 0 && (
                <div className={classes.preview}>
                  <Table verticalSpacing="xs" className={classes.previewTable}>
                    <caption className={classes.previewCaption}>Vista previa de {entity}</caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Fila</Table.Th>
                        <Table.Th scope="col">Acción</Table.Th>
                        <Table.Th scope="col">{keyLabel}</Table.Th>
                        <Table.Th scope="col">{descriptionLabel}</Table.Th>
                        <Table.Th scope="col">Cambios</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.filas.slice(0, previewLimit).map((row) => (
                        <Table.Tr key={row.fila}>
                          <Table.Td>{row.fila}</Table.Td>
                          <Table.Td>
                            <Badge variant="light" color={ACTION_LABELS[row.accion].color} size="sm">
                              {ACTION_LABELS[row.accion].label}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{formatDatesIn(row.clave)}</Table.Td>
                          <Table.Td>{row.descripcion}</Table.Td>
                          <Table.Td>{row.cambios.length ? row.cambios.join(', ') : '—'}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                  {result.filas.length > previewLimit && (
                    <Text size="xs" c="dimmed" p="xs">
                      Se muestran las primeras {previewLimit} de {result.filas.length.toLocaleString('es-CL')} filas.
                    </Text>
                  )}
                </div>
              )}
              <div className={classes.commit}>
                <Button
                  onClick={confirm}
                  loading={step.kind === 'committing'}
                  disabled={!result.valido || result.errores.length > 0 || result.resumen.totalFilas === 0 || (mustConfirm && !confirmed)}
                  leftSection={<IconCheck size={18} />}
                >
                  Confirmar carga
                </Button>
                {result.valido && result.errores.length === 0 && result.resumen.totalFilas > 0 && (
                  <Text size="sm" c="dimmed">
                    Se guardan todas las filas juntas, o ninguna si algo falla.
                  </Text>
                )}
              </div>
            </div>
          )}
        </li>
      </ol>
    </div>
  );
}
