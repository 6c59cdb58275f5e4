import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Button.css';
import { Badge, Button, Table, Text } from '@mantine/core';
import type { Grupo, UsuarioResumen } from '@jornada/contracts';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/states';
import { perfilLabel } from '../../../lib/format';
import { personName, StateBadge } from './group-bits';
import classes from './groups.module.css';

function PeopleTable({ caption, people, empty, linkPeople }: { caption: string; people: UsuarioResumen[]; empty: string; linkPeople: boolean }) {
  if (people.length === 0) return <EmptyState title={empty} />;
  return (
    <div className={classes.scroll}>
      <Table verticalSpacing="xs" striped className={classes.peopleTable}>
        <caption className={classes.caption}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Nombre</Table.Th>
            <Table.Th scope="col">RUT</Table.Th>
            <Table.Th scope="col">Cargo</Table.Th>
            <Table.Th scope="col">Estado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Td>
                {linkPeople ? (
                  <Link to={`/dashboard/users/${person.id}`} className={classes.personLink}>
                    {personName(person)}
                  </Link>
                ) : (
                  personName(person)
                )}
              </Table.Td>
              <Table.Td className={classes.nowrap}>{person.rut}</Table.Td>
              <Table.Td>{person.cargo ?? perfilLabel(person.perfil)}</Table.Td>
              <Table.Td>
                <Badge variant="light" size="sm" color={person.activo ? 'jornada' : 'gray'}>
                  {person.activo ? 'Activo' : 'Inactivo'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** A group's data, leaders and members; administrators get links to manage it. */
export function GroupDetail({ group, canManage }: { group: Grupo; canManage: boolean }) {
  return (
    <div className={classes.detail}>
      <div className={classes.detailHead}>
        <StateBadge estado={group.estado} />
        <Text size="sm" c="dimmed">
          {group.sede ? `Sede ${group.sede.nombre}` : 'Sin sede'} · {group.totalMiembros.toLocaleString('es-CL')}{' '}
          {group.totalMiembros === 1 ? 'integrante' : 'integrantes'}
        </Text>
      </div>
      {group.jornadaExcepcional && <Text size="sm">Jornada excepcional (art. 38): {group.jornadaExcepcional.nombre}, para quienes no tienen una propia</Text>}
      {group.descripcion && <Text size="sm">{group.descripcion}</Text>}
      {canManage && (
        <div className={classes.detailActions}>
          <Button size="xs" variant="light" component={Link} to={`/dashboard/group/edit?id=${group.id}`}>
            Editar integrantes
          </Button>
          <Button size="xs" variant="light" component={Link} to={`/dashboard/group/assignment-leaders?id=${group.id}`}>
            Asignar líderes
          </Button>
          <Button size="xs" variant="subtle" component={Link} to={`/dashboard/group/states?historial=${group.id}`}>
            Ver historial de estados
          </Button>
        </div>
      )}
      <PeopleTable caption="Líderes" people={group.lideres} empty="Este grupo no tiene líderes" linkPeople />
      <PeopleTable caption="Integrantes" people={group.miembros} empty="Este grupo no tiene integrantes" linkPeople />
    </div>
  );
}
