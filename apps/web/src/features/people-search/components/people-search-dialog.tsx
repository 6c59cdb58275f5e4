import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Modal.css';
import { Modal, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useWorkerOptions } from '../../../lib/entity-options';

/** The search itself: as the person types (debounced), the matching people; choosing one opens their record. */
export default function PeopleSearchDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const options = useWorkerOptions(debounced, { enabled: debounced.length >= 2 });
  const data = debounced.length >= 2 ? (options.data ?? []) : [];
  return (
    <Modal opened onClose={onClose} title="Buscar una persona" size="lg" yOffset="12vh">
      <Select
        label="Nombre, apellido o RUT"
        placeholder="Por ejemplo, Rojas o 12.345.678"
        data={data}
        value={null}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        onChange={(id) => {
          if (!id) return;
          onClose();
          navigate(`/dashboard/users/${encodeURIComponent(id)}`);
        }}
        nothingFoundMessage={debounced.length < 2 ? 'Escribe al menos 2 letras o dígitos.' : options.isFetching ? 'Buscando…' : 'No hay personas con ese nombre o RUT.'}
        dropdownOpened={search.length > 0}
        comboboxProps={{ withinPortal: false }}
        data-autofocus
      />
      <Text size="xs" c="dimmed" mt="xs">
        Abre la ficha de la persona: sus datos, su asistencia, sus saldos y su planificación están a un clic desde ahí.
      </Text>
    </Modal>
  );
}
