import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Table.css';
import type { BandaSemanal, Demanda } from '@jornada/contracts';
import { ActionIcon, Button, Group, NumberInput, Table } from '@mantine/core';
import { useState } from 'react';
import { TimeField } from '../../../components/time-field';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toasts';
import { useSaveDemand } from '../api/demand';
import classes from './roster.module.css';

const WEEKDAYS = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'];

/** One hour band of the editor: its hours, and people per weekday (index 0 = Monday). */
interface Row {
  key: number;
  inicio: string;
  fin: string;
  personas: number[];
  turnoIds?: string[];
}

let nextKey = 1;

function rowsOf(bandas: readonly BandaSemanal[]): Row[] {
  const rows = new Map<string, Row>();
  for (const b of bandas) {
    const id = `${b.inicio}|${b.fin}|${(b.turnoIds ?? []).join(',')}`;
    let row = rows.get(id);
    if (!row) rows.set(id, (row = { key: nextKey++, inicio: b.inicio, fin: b.fin, personas: [0, 0, 0, 0, 0, 0, 0], ...(b.turnoIds?.length ? { turnoIds: b.turnoIds } : {}) }));
    row.personas[b.diaSemana - 1] = b.personas;
  }
  return [...rows.values()].sort((a, b) => (a.inicio < b.inicio ? -1 : 1));
}

function bandasOf(rows: readonly Row[]): BandaSemanal[] {
  return rows.flatMap((row) =>
    row.personas.flatMap((personas, i) => (personas > 0 ? [{ diaSemana: i + 1, inicio: row.inicio, fin: row.fin, personas, ...(row.turnoIds ? { turnoIds: row.turnoIds } : {}) }] : [])),
  );
}

/** The site's usual week: rows are hour bands, columns weekdays, each cell the people needed; saved with the stored date exceptions. */
export function DemandEditor({ siteId, demand, readOnly }: { siteId: string; demand: Demanda; readOnly: boolean }) {
  const [rows, setRows] = useState<Row[]>(() => (demand.bandas.length ? rowsOf(demand.bandas) : [{ key: nextKey++, inicio: '09:00', fin: '18:00', personas: [0, 0, 0, 0, 0, 0, 0] }]));
  const save = useSaveDemand(siteId);
  const update = (key: number, change: Partial<Row>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const submit = async () => {
    try {
      await save.mutateAsync({ bandas: bandasOf(rows), excepciones: demand.excepciones });
      notify.success('Demanda guardada.');
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <div>
      <div className={classes.scroll} role="region" aria-label="Demanda por día y banda horaria" tabIndex={0}>
        <Table withTableBorder withColumnBorders className={classes.demandTable}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Banda</Table.Th>
              {WEEKDAYS.map((d) => (
                <Table.Th key={d}>{d}</Table.Th>
              ))}
              {!readOnly && <Table.Th aria-label="Quitar" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, r) => (
              <Table.Tr key={row.key}>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <TimeField size="xs" aria-label={`Inicio de la banda ${r + 1}`} value={row.inicio} disabled={readOnly} className={classes.time} onChange={(inicio) => update(row.key, { inicio })} />
                    <TimeField size="xs" aria-label={`Fin de la banda ${r + 1}`} value={row.fin} disabled={readOnly} className={classes.time} onChange={(fin) => update(row.key, { fin })} />
                  </Group>
                </Table.Td>
                {row.personas.map((n, i) => (
                  <Table.Td key={i}>
                    <NumberInput
                      size="xs"
                      min={0}
                      max={500}
                      allowDecimal={false}
                      allowNegative={false}
                      aria-label={`Personas el ${WEEKDAYS[i]} de ${row.inicio} a ${row.fin}`}
                      value={n}
                      disabled={readOnly}
                      className={classes.people}
                      onChange={(value) => update(row.key, { personas: row.personas.map((p, j) => (j === i ? (typeof value === 'number' ? value : 0) : p)) })}
                    />
                  </Table.Td>
                ))}
                {!readOnly && (
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={`Quitar la banda ${row.inicio}–${row.fin}`} onClick={() => setRows((list) => list.filter((x) => x.key !== row.key))}>
                      ×
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {!readOnly && (
        <Group mt="sm" gap="sm">
          <Button variant="default" size="xs" onClick={() => setRows((list) => [...list, { key: nextKey++, inicio: '14:00', fin: '22:00', personas: [0, 0, 0, 0, 0, 0, 0] }])}>
            Agregar banda
          </Button>
          <Button size="xs" onClick={() => void submit()} loading={save.isPending}>
            Guardar demanda
          </Button>
        </Group>
      )}
    </div>
  );
}
