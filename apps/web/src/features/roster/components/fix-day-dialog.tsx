import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Radio.css';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { ResultadoPropuesta } from '@jornada/contracts';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../lib/format';

/** A day the planner fixes before asking again: a shift id, or null for a rest day. */
export type FixedChoice = string | null;

/** The day being fixed: whose, which date, what the proposal put there and what is fixed now (undefined: nothing). */
export interface FixTarget {
  usuarioId: string;
  nombre: string;
  fecha: string;
  proposed: string | null;
  fixed: FixedChoice | undefined;
}

const FREE = 'libre';
const NONE = 'sin-fijar';

/** «Fijar el día»: a shift or a rest day the next proposal must keep, or back to what the solver decides. */
export function FixDayDialog({ target, turnos, onClose, onChoose }: {
  target: FixTarget | null;
  turnos: ResultadoPropuesta['turnos'];
  onClose: () => void;
  onChoose: (choice: FixedChoice | undefined) => void;
}) {
  const initial = target ? (target.fixed === undefined ? (target.proposed ?? FREE) : (target.fixed ?? FREE)) : FREE;
  const [value, setValue] = useState(initial);
  useEffect(() => setValue(initial), [initial, target]);
  return (
    <Modal opened={target !== null} onClose={onClose} title="Fijar el día" centered>
      {target && (
        <Stack gap="sm">
          <Text size="sm">
            {target.nombre}, {formatDate(target.fecha)}. La próxima propuesta mantendrá lo que fijes aquí y resolverá el resto.
          </Text>
          <Radio.Group value={value} onChange={setValue} label="Ese día" name="fijo">
            <Stack gap={6} mt={6}>
              {turnos.map((t) => (
                <Radio key={t.id} value={t.id} label={`${t.codigo} · ${t.nombre} (${t.etiqueta})`} />
              ))}
              <Radio value={FREE} label="Libre" />
              {target.fixed !== undefined && <Radio value={NONE} label="Sin fijar: que decida la propuesta" />}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button onClick={() => onChoose(value === NONE ? undefined : value === FREE ? null : value)}>Fijar</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
