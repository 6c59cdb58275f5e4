import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { EmptyState } from '../../../components/states';
import { WorkerFilter } from '../../../components/worker-filter';
import { useSession } from '../../../lib/session';
import { WorkerMonth } from './worker-month';
import classes from './attendance.module.css';

/**
 * `/dashboard/settings/assists-user` ("Asistencia por trabajador"; "Mi asistencia" for a trabajador):
 * one worker's month as a calendar with each day's plan, marks, status and times; the chosen day's
 * detail with the engine's explanation; the period's totals and weeks. Up to 5 years back (the
 * worker's right to see their records). `?usuarioId=&mes=aaaa-mm&dia=aaaa-mm-dd` keep the view.
 */
export function WorkerAttendancePage() {
  const { user } = useSession();
  const self = user.perfil === 'trabajador';
  const [params, setParams] = useSearchParams();
  const usuarioId = self ? user._id : (params.get('usuarioId') ?? '');

  const setWorker = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('usuarioId', id);
        else next.delete('usuarioId');
        next.delete('dia');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title={self ? 'Mi asistencia' : 'Asistencia por trabajador'}
        description={
          self
            ? 'Tu asistencia de cada día: lo planificado, tus marcas, el resultado y su explicación, con los totales del mes. Puedes revisar hasta 5 años atrás.'
            : user.perfil === 'supervisor'
              ? 'La asistencia de cada día de una persona de los grupos que lideras: lo planificado, sus marcas, el resultado y su explicación, con los totales del mes.'
              : 'La asistencia de cada día de un trabajador: lo planificado, sus marcas, el resultado y su explicación, con los totales del mes.'
        }
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Asistencia' }, { label: self ? 'Mi asistencia' : 'Asistencia por trabajador' }]}
      />
      <WorkerMonth
        usuarioId={usuarioId}
        before={
          !self && (
            <div className={classes.picker}>
              <WorkerFilter value={usuarioId} onChange={setWorker} scoped placeholder="Busca por nombre o RUT" />
            </div>
          )
        }
        after={
          user.perfil === 'administrador' &&
          usuarioId !== user._id &&
          user._id && (
            <Button variant="subtle" size="sm" onClick={() => setWorker(user._id)}>
              Ver mi asistencia
            </Button>
          )
        }
        noWorker={
          <SectionCard>
            <EmptyState title="Elige un trabajador" description="Busca por nombre o RUT para ver su asistencia del mes, día por día." />
          </SectionCard>
        }
      />
    </>
  );
}
