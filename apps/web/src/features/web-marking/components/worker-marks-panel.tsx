import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Text } from '@mantine/core';
import { METODO_MARCA_LABELS, TIPO_MARCA_LABELS, type MarcaListada } from '@jornada/contracts';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table';
import { MonthNav, monthLabel, monthLayout } from '../../../components/planning-grid';
import { useMonthParam } from '../../../components/use-month-param';
import { SectionCard } from '../../../components/section-card';
import { formatDateTimeSeconds } from '../../../lib/format';
import { useWorkerMarks } from '../api/list-marks';
import classes from './worker-marks-panel.module.css';

const PAGE_SIZE = 25;

/** `dd-mm-aaaa` and `hh:mm:ss` of the mark's effective time (the device's for an offline mark) in its site's zone. */
function when(mark: MarcaListada): { date: string; time: string } {
  const [date = '', time = ''] = formatDateTimeSeconds(mark.horaOriginal ?? mark.instante, mark.zonaHoraria).split(' ');
  return { date, time };
}

/** The flags of a mark, in the words of the marks report. */
function notes(mark: MarcaListada): string[] {
  const out: string[] = [];
  if (mark.offline) out.push(`Sin conexión (recibida ${formatDateTimeSeconds(mark.instante, mark.zonaHoraria)})`);
  if (mark.fueraDeGeocerca) out.push(mark.distanciaM !== null ? `Fuera de la geocerca (a ${Math.round(mark.distanciaM).toLocaleString('es-CL')} m)` : 'Fuera de la geocerca');
  if (mark.precisionBaja) out.push('Ubicación poco precisa');
  if (mark.corrigeMarcaId) out.push('Corrige una marca anterior');
  return out;
}

/**
 * The «Marcas» tab of a person's record: their marks of a month (`?mes=`, up to 5 years back), newest
 * first, 25 a page (`?page=`), each with its time at the site, kind, method, site, flags and receipt.
 */
export function WorkerMarksPanel({ workerId, own }: { workerId: string; own: boolean }) {
  const [params] = useSearchParams();
  const { shown, setMonth, setParam, current, min, max } = useMonthParam({ yearsBack: 5, resets: ['page'] });
  const layout = useMemo(() => monthLayout(shown.year, shown.month), [shown.year, shown.month]);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const marks = useWorkerMarks({ usuarioId: workerId, desde: layout.first, hasta: layout.last, page, pageSize: PAGE_SIZE });
  const month = monthLabel(shown.year, shown.month);

  const setPage = (next: number) => setParam('page', next > 1 ? String(next) : null);

  const columns: Column<MarcaListada>[] = [
    { key: 'fecha', header: 'Fecha', primary: true, nowrap: true, cell: (m) => when(m).date },
    { key: 'hora', header: 'Hora', nowrap: true, cell: (m) => <span className={classes.time}>{when(m).time}</span> },
    { key: 'tipo', header: 'Tipo', cell: (m) => TIPO_MARCA_LABELS[m.tipo] },
    { key: 'metodo', header: 'Método', cell: (m) => METODO_MARCA_LABELS[m.metodo] },
    { key: 'sede', header: 'Sede', cell: (m) => m.sede ?? 'Sin sede' },
    {
      key: 'observaciones',
      header: 'Observaciones',
      cell: (m) => {
        const list = notes(m);
        return list.length === 0 ? '—' : <span className={classes.notes}>{list.join(' · ')}</span>;
      },
    },
    {
      key: 'comprobante',
      header: 'Comprobante',
      cell: (m) => {
        const { date, time } = when(m);
        return (
          <Anchor component={Link} to={`/dashboard/comprobantes/${encodeURIComponent(m.id)}`} size="sm" aria-label={`Comprobante de la marca de ${TIPO_MARCA_LABELS[m.tipo].toLowerCase()} del ${date} a las ${time}`}>
            Ver comprobante
          </Anchor>
        );
      },
    },
  ];

  return (
    <SectionCard title="Marcas" description="Cada marca con la fecha y la hora de su sede (la del dispositivo en las marcas sin conexión), de la más reciente a la más antigua." flush>
      <div className={classes.toolbar}>
        <MonthNav year={shown.year} month={shown.month} onChange={setMonth} current={current} min={min} max={max} />
        {marks.data && (
          <Text size="sm" c="dimmed" role="status">
            {marks.data.total === 1 ? '1 marca' : `${marks.data.total.toLocaleString('es-CL')} marcas`} en {month}
          </Text>
        )}
      </div>
      <DataTable
        caption={`Marcas de ${month}`}
        columns={columns}
        rows={marks.data?.items}
        rowKey={(m) => m.id}
        loading={marks.isPending}
        fetching={marks.isFetching && !marks.isPending}
        error={marks.error}
        onRetry={() => void marks.refetch()}
        page={page}
        pageSize={marks.data?.pageSize ?? PAGE_SIZE}
        total={marks.data?.total}
        onPageChange={setPage}
        empty={{
          title: `Sin marcas en ${month}`,
          description: own ? 'No registraste marcas este mes. Elige otro mes para ver tus marcas anteriores.' : 'No registró marcas este mes. Elige otro mes para ver sus marcas anteriores.',
        }}
      />
    </SectionCard>
  );
}
