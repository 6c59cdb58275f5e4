import '@mantine/core/styles/Combobox.css';
import { Select, TextInput, Textarea } from '@mantine/core';
import type { Grupo } from '@jornada/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toasts';
import { useCreateGroup } from '../api/create-group';
import { useSiteOptions } from '../../../lib/entity-options';
import { ExceptionalScheduleSelect } from './group-bits';

/** "Nuevo grupo": name, description, site and exceptional schedule; opens the new group when created. */
export function NewGroupDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (group: Grupo) => void }) {
  const mutation = useCreateGroup();
  const sites = useSiteOptions({ enabled: opened });
  const [nombre, setNombre] = useState('');
  const [descripcion, setDescripcion] = useState('');
  const [sedeId, setSedeId] = useState<string | null>(null);
  const [jornadaExcepcionalId, setJornadaExcepcionalId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const confirm = async () => {
    if (!nombre.trim()) {
      setErrors({ nombre: 'Ingresa el nombre del grupo.' });
      return;
    }
    try {
      const group = await mutation.mutateAsync({ nombre, descripcion: descripcion.trim() || null, sedeId, jornadaExcepcionalId });
      notify.success(`Grupo «${group.nombre}» creado.`);
      setNombre('');
      setDescripcion('');
      setSedeId(null);
      setJornadaExcepcionalId(null);
      setErrors({});
      onCreated(group);
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length) setErrors({ ...error.fields });
      else notify.error(errorMessage(error));
    }
  };

  return (
    <ConfirmDialog opened={opened} onClose={onClose} title="Nuevo grupo" confirmLabel="Crear grupo" loading={mutation.isPending} onConfirm={confirm}>
      <TextInput label="Nombre del grupo" name="nombre" withAsterisk value={nombre} onChange={(e) => setNombre(e.currentTarget.value)} error={errors.nombre} data-autofocus />
      <Textarea label="Descripción" name="descripcion" mt="md" autosize minRows={2} value={descripcion} onChange={(e) => setDescripcion(e.currentTarget.value)} error={errors.descripcion} />
      <Select
        label="Sede"
        name="sedeId"
        mt="md"
        data={sites.data ?? []}
        value={sedeId}
        onChange={setSedeId}
        allowDeselect={false}
        searchable
        placeholder="Sin sede"
        error={errors.sedeId}
        comboboxProps={{ withinPortal: true, zIndex: 400 }}
      />
      <ExceptionalScheduleSelect
        value={jornadaExcepcionalId}
        onChange={setJornadaExcepcionalId}
        enabled={opened}
        error={errors.jornadaExcepcionalId}
        mt="md"
        comboboxProps={{ withinPortal: true, zIndex: 400 }}
      />
    </ConfirmDialog>
  );
}
