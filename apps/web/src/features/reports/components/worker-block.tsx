import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Badge, Button, CopyButton, Table, Text, Title } from '@mantine/core';
import {
  correccionMarca,
  marcasAlteradasTexto,
  observacionesMarca,
  REPORTE_MARCAS_COLUMNAS,
  type BloqueReporteMarcas,
  type FilaReporteMarca,
} from '@jornada/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { IconAlert, IconCheck } from '../../../components/icons';
import classes from './marks-report.module.css';

function Correction({ fila, linkReceipts }: { fila: FilaReporteMarca; linkReceipts: boolean }) {
  const parts: { text: string; id: string }[] = [];
  const [corrige, corregida] = [fila.corrigeA, fila.corregidaPor];
  const texts = correccionMarca(fila);
  if (corrige) parts.push({ text: texts[0]!, id: corrige.marcaId });
  if (corregida) parts.push({ text: texts[corrige ? 1 : 0]!, id: corregida.marcaId });
  if (parts.length === 0) return <>—</>;
  return (
    <div className={classes.stack}>
      {parts.map((part) =>
        linkReceipts ? (
          <Anchor key={part.text} component={Link} to={`/dashboard/comprobantes/${part.id}`} size="xs">
            {part.text}
          </Anchor>
        ) : (
          <Text key={part.text} size="xs">
            {part.text}
          </Text>
        ),
      )}
    </div>
  );
}

function Integrity({ fila }: { fila: FilaReporteMarca }) {
  if (fila.integridad === 'integra') {
    return (
      <span className={classes.ok}>
        <IconCheck size={14} aria-hidden="true" />
        {fila.integridadEtiqueta}
      </span>
    );
  }
  return (
    <div className={classes.flag}>
      <span className={classes.flagLabel}>
        <IconAlert size={15} aria-hidden="true" />
        {fila.integridadEtiqueta}
      </span>
      <Text size="xs" className={classes.flagText}>
        {fila.integridadDetalle}
      </Text>
      {fila.hashRecalculado && (
        <Text size="xs" className={classes.flagText}>
          Hash que dan sus datos hoy: <code className={classes.hashInline}>{fila.hashRecalculado.slice(0, 12)}…</code>
        </Text>
      )}
    </div>
  );
}

/** One worker's marks: the same columns as the Excel and PDF downloads; flagged rows in red with an icon and the reason. */
export function WorkerBlock({ block, linkReceipts }: { block: BloqueReporteMarcas; linkReceipts: boolean }) {
  const id = useId();
  const { trabajador } = block;
  const name = `${trabajador.nombre} ${trabajador.apellidos}`;
  const details = [`RUT ${trabajador.rut}`, trabajador.cargo, trabajador.grupo ? `Grupo ${trabajador.grupo}` : null, trabajador.sede ? `Sede ${trabajador.sede}` : null].filter(Boolean);
  return (
    <section className={classes.block} aria-labelledby={id} data-altered={block.resumen.alteradas > 0 || block.alertaCadena ? true : undefined}>
      <header className={classes.blockHead}>
        <div>
          <Title order={2} id={id} className={classes.blockTitle}>
            {name}
          </Title>
          <Text size="sm" c="dimmed">
            {details.join(' · ')}
          </Text>
        </div>
        <div className={classes.blockBadges}>
          <Badge variant="light" color="gray" size="lg">
            {block.resumen.marcas === 1 ? '1 marca' : `${block.resumen.marcas} marcas`}
          </Badge>
          {block.resumen.alteradas > 0 && (
            <Badge variant="filled" color="red" size="lg" leftSection={<IconAlert size={14} aria-hidden="true" />}>
              {marcasAlteradasTexto(block.resumen.alteradas)}
            </Badge>
          )}
        </div>
      </header>
      {block.alertaCadena && (
        <p className={classes.chainAlert}>
          <IconAlert size={16} aria-hidden="true" />
          <span>
            <strong>ALTERADA:</strong> {block.alertaCadena}
          </span>
        </p>
      )}
      <div className={classes.scroll}>
        <Table className={classes.table} verticalSpacing={6} horizontalSpacing="sm">
          <caption className={classes.caption}>Marcas de {name}</caption>
          <Table.Thead>
            <Table.Tr>
              {REPORTE_MARCAS_COLUMNAS.map((column) => (
                <Table.Th key={column} scope="col">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {block.marcas.map((fila) => {
              const observaciones = observacionesMarca(fila);
              return (
                <Table.Tr key={fila.marcaId} className={classes.row} data-integridad={fila.integridad}>
                  <Table.Td className={classes.num}>{fila.secuencia}</Table.Td>
                  <Table.Td className={classes.nowrap}>{fila.fecha}</Table.Td>
                  <Table.Td className={classes.nowrap}>{fila.hora}</Table.Td>
                  <Table.Td>{fila.tipoEtiqueta}</Table.Td>
                  <Table.Td>{fila.metodoEtiqueta}</Table.Td>
                  <Table.Td>{fila.sede?.nombre ?? '—'}</Table.Td>
                  <Table.Td>
                    {observaciones.length === 0 ? (
                      '—'
                    ) : (
                      <div className={classes.stack}>
                        {observaciones.map((text) => (
                          <span key={text} className={classes.tag} data-tone={text.startsWith('Fuera') ? 'sol' : undefined}>
                            {text}
                          </span>
                        ))}
                      </div>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Correction fila={fila} linkReceipts={linkReceipts} />
                  </Table.Td>
                  <Table.Td>
                    {/* The first characters identify the mark; the full SHA-256 is copied, not printed over seven lines. */}
                    <span className={classes.hashCell}>
                      <code className={classes.hash} title={fila.hash}>
                        {fila.hashCorto}…
                      </code>
                      <CopyButton value={fila.hash} timeout={2000}>
                        {({ copied, copy }) => (
                          <Button size="compact-xs" variant="subtle" onClick={copy} aria-label={copied ? 'Hash copiado' : `Copiar el hash completo de la marca ${fila.hashCorto}`}>
                            {copied ? 'Copiado' : 'Copiar'}
                          </Button>
                        )}
                      </CopyButton>
                    </span>
                  </Table.Td>
                  <Table.Td className={classes.integrityCell}>
                    <Integrity fila={fila} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </div>
    </section>
  );
}
