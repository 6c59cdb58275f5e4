import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Table } from '@mantine/core';
import classes from './upload-page.module.css';

export interface ColumnHelp {
  name: string;
  required?: boolean;
  description: string;
  example: string;
}

/** The file's columns: what each one takes, whether it is required, and an example. */
export function ColumnsHelp({ columns }: { columns: readonly ColumnHelp[] }) {
  return (
    <div className={classes.columns}>
      <Table verticalSpacing="xs" striped>
        <caption className={classes.caption}>Columnas del archivo (en cualquier orden; mayúsculas y tildes no importan)</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Columna</Table.Th>
            <Table.Th scope="col">Qué va</Table.Th>
            <Table.Th scope="col">Ejemplo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((column) => (
            <Table.Tr key={column.name}>
              <Table.Td className={classes.nowrap}>
                <strong>{column.name}</strong>
                {column.required && (
                  <Badge size="xs" variant="outline" color="red.9" ml={6}>
                    Obligatoria
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{column.description}</Table.Td>
              <Table.Td className={classes.example}>{column.example || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
