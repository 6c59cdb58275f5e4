import type { Propuesta, ResultadoPropuesta } from '@jornada/contracts';
import { Alert, Anchor, Badge, Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, plural } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useApplyProposal } from '../api/proposal';
import { FixDayDialog, type FixedChoice, type FixTarget } from './fix-day-dialog';
import classes from './roster.module.css';

const WEEKDAY = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];
const weekdayOf = (date: string) => WEEKDAY[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
const hours = (seconds: number) => `${(seconds / 3600).toLocaleString('es-CL', { maximumFractionDigits: 1 })} h`;

/** «óptima» only when the solver proved it; otherwise the proven bound on how far it may be from the optimum. */
function gapLine(r: ResultadoPropuesta): string {
  if (r.solver === 'optima') return 'Propuesta óptima: el solver demostró que no hay una mejor.';
  if (r.solver === 'factible' && r.brecha === null)
    return 'Propuesta legal, sin cota de su distancia a lo óptimo: el tiempo de cálculo se agotó antes de que el solver la mejorara. Calcula por grupo o con un período más corto para una mejor.';
  if (r.solver === 'factible') return `Propuesta a lo más ${((r.brecha ?? 0) * 100).toLocaleString('es-CL', { maximumFractionDigits: 1 })} % de lo óptimo (el tiempo de cálculo se agotó antes de demostrarlo).`;
  if (r.solver === 'infactible') return 'Los días fijos no dejan ninguna planificación legal: revísalos y vuelve a calcular.';
  return 'El solver no encontró una planificación en el tiempo disponible: acorta el período o elige un grupo.';
}

function cellText(r: ResultadoPropuesta, turnoId: string | null, noDisponible: boolean): string {
  if (noDisponible) return '—';
  if (!turnoId) return 'L';
  return r.turnos.find((t) => t.id === turnoId)?.codigo ?? '?';
}

function actualText(r: ResultadoPropuesta, actual: ResultadoPropuesta['asignaciones'][number]['actual']): string {
  if (actual.tipo === 'sin_planificar') return 'sin planificar';
  if (actual.tipo === 'libre') return 'libre';
  return r.turnos.find((t) => t.id === actual.turnoId)?.codigo ?? 'otro turno';
}

/** Demand against planned people per date and band: under-coverage red, over-coverage amber. */
function CoverageChart({ r }: { r: ResultadoPropuesta }) {
  const max = Math.max(1, ...r.cobertura.map((c) => Math.max(c.requeridas, c.planificadas)));
  return (
    <div className={classes.scroll} role="img" aria-label="Gráfico de demanda y personas planificadas por día y banda">
      <div className={classes.chart}>
        {r.cobertura.map((c) => {
          const tone = c.planificadas < c.requeridas ? classes.under : c.planificadas > c.requeridas ? classes.over : classes.exact;
          return (
            <div key={`${c.fecha}|${c.inicio}`} className={classes.chartCol} title={`${formatDate(c.fecha)} ${c.inicio}–${c.fin}: ${c.planificadas} de ${c.requeridas}`}>
              <div className={classes.chartBars}>
                <span className={classes.required} style={{ height: `${(c.requeridas / max) * 100}%` }} />
                <span className={`${classes.planned} ${tone}`} style={{ height: `${(c.planificadas / max) * 100}%` }} />
              </div>
              <span className={classes.chartLabel}>
                {weekdayOf(c.fecha)} {c.fecha.slice(8, 10)}
              </span>
            </div>
          );
        })}
      </div>
      <Group gap="md" mt={4} className={classes.legend}>
        <span><span className={`${classes.swatch} ${classes.required}`} /> Demanda</span>
        <span><span className={`${classes.swatch} ${classes.exact}`} /> Cubierta</span>
        <span><span className={`${classes.swatch} ${classes.under}`} /> Falta gente</span>
        <span><span className={`${classes.swatch} ${classes.over}`} /> Sobra gente</span>
      </Group>
    </div>
  );
}

/** Days fixed for the next proposal, by `usuarioId|fecha`. */
export type FixedDays = ReadonlyMap<string, FixedChoice>;

interface ProposalViewProps {
  proposal: Propuesta;
  fixed: FixedDays;
  onFix: (usuarioId: string, fecha: string, choice: FixedChoice | undefined) => void;
  onClearFixed: () => void;
  /** Asks for a new proposal that keeps the fixed days. */
  onRecompute: () => void;
  recomputing: boolean;
}

export function ProposalView({ proposal, fixed, onFix, onClearFixed, onRecompute, recomputing }: ProposalViewProps) {
  const r = proposal.resultado!;
  const apply = useApplyProposal(proposal.id);
  const [confirming, setConfirming] = useState(false);
  const [fixing, setFixing] = useState<FixTarget | null>(null);
  const adjustable = !proposal.aplicadaEn;
  const dates = [...new Set(r.asignaciones.map((a) => a.fecha))].sort();
  const byKey = new Map(r.asignaciones.map((a) => [`${a.usuarioId}|${a.fecha}`, a]));
  const changed = r.asignaciones.filter((a) => a.cambia).length;
  const applicable = (r.solver === 'optima' || r.solver === 'factible') && !proposal.aplicadaEn;

  const confirm = async () => {
    try {
      const done = await apply.mutateAsync();
      setConfirming(false);
      notify.success(`Propuesta aplicada: ${plural(done.diasEscritos, 'día escrito', 'días escritos')} en la planificación.`);
    } catch (error) {
      setConfirming(false);
      notify.error(errorMessage(error));
    }
  };

  return (
    <Stack gap="lg">
      <Alert color={r.solver === 'optima' ? 'green' : r.solver === 'factible' ? 'blue' : 'red'} title="Calidad de la propuesta">
        {gapLine(r)} Calculada en {r.segundos.toLocaleString('es-CL')} s.
      </Alert>
      <SectionCard
        title="Propuesta"
        description={`${formatDate(proposal.desde)} al ${formatDate(proposal.hasta)} · ${plural(changed, 'día cambia', 'días cambian')} respecto de la planificación actual.`}
        actions={
          proposal.aplicadaEn ? (
            <Group gap="xs">
              <Badge color="green">Aplicada</Badge>
              <Anchor component={Link} to="/dashboard/planning" size="sm">
                Ver planificación
              </Anchor>
            </Group>
          ) : (
            <Button onClick={() => setConfirming(true)} disabled={!applicable}>
              Aplicar propuesta
            </Button>
          )
        }
      >
        <div className={classes.scroll} role="region" aria-label="Propuesta por persona y día" tabIndex={0}>
          <Table withTableBorder withColumnBorders className={classes.grid}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={classes.sticky}>Persona</Table.Th>
                {dates.map((d) => (
                  <Table.Th key={d} className={classes.day}>
                    {weekdayOf(d)}
                    <br />
                    {d.slice(8, 10)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.trabajadores.map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Th scope="row" className={classes.sticky}>
                    {w.nombre} {w.apellidos}
                  </Table.Th>
                  {dates.map((d) => {
                    const a = byKey.get(`${w.id}|${d}`);
                    if (!a) return <Table.Td key={d} />;
                    const shift = a.turnoId ? r.turnos.find((t) => t.id === a.turnoId) : undefined;
                    const key = `${w.id}|${d}`;
                    const fixedChoice = fixed.get(key);
                    const isFixed = fixed.has(key);
                    const text = isFixed ? cellText(r, fixedChoice ?? null, false) : cellText(r, a.turnoId, a.noDisponible);
                    const name = `${w.nombre} ${w.apellidos}`;
                    return (
                      <Table.Td
                        key={d}
                        className={`${classes.cell} ${a.cambia ? classes.changed : ''} ${isFixed ? classes.fixed : ''}`}
                        style={shift ? { borderBottom: `3px solid ${shift.color}` } : undefined}
                        title={a.cambia ? `Antes: ${actualText(r, a.actual)}` : a.noDisponible ? 'Permiso, vacaciones o fuera de contrato' : undefined}
                        data-cambia={a.cambia ? 'si' : undefined}
                      >
                        {adjustable && !a.noDisponible ? (
                          <button
                            type="button"
                            className={classes.cellButton}
                            aria-label={`${name}, ${formatDate(d)}: ${text}${isFixed ? ', fijado' : ''}. Fijar el día`}
                            onClick={() => setFixing({ usuarioId: w.id, nombre: name, fecha: d, proposed: a.turnoId, fixed: isFixed ? (fixedChoice ?? null) : undefined })}
                          >
                            {text}
                          </button>
                        ) : (
                          text
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        {adjustable && (
          <Group mt="sm" gap="sm" justify="space-between">
            <Text size="sm" c="dimmed">
              {fixed.size === 0
                ? 'Para ajustar la propuesta, toca un día y fíjalo: la próxima propuesta lo mantendrá.'
                : `${plural(fixed.size, 'día fijado', 'días fijados')} para la próxima propuesta.`}
            </Text>
            <Group gap="xs">
              {fixed.size > 0 && (
                <Button variant="default" size="xs" onClick={onClearFixed}>
                  Quitar los días fijados
                </Button>
              )}
              <Button size="xs" variant="light" onClick={onRecompute} loading={recomputing} disabled={fixed.size === 0}>
                Volver a calcular con los días fijados
              </Button>
            </Group>
          </Group>
        )}
        <Text size="xs" c="dimmed" mt="xs">
          L: libre · —: permiso, vacaciones o fuera de contrato · celdas marcadas: cambian respecto de la planificación actual · subrayado punteado: día fijado.
          {r.turnos.length > 0 && ` Turnos: ${r.turnos.map((t) => `${t.codigo} ${t.etiqueta}`).join(', ')}.`}
        </Text>
      </SectionCard>

      <SectionCard title="Demanda y personas planificadas">
        {r.cobertura.length === 0 ? <Text size="sm">La sede no pidió personas en este período.</Text> : <CoverageChart r={r} />}
      </SectionCard>

      <SectionCard title="Por persona" flush>
        <div className={classes.scroll} role="region" aria-label="Resumen por persona" tabIndex={0}>
          <Table striped className={classes.summary}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Persona</Table.Th>
                <Table.Th>Horas planificadas</Table.Th>
                <Table.Th>Horas del contrato</Table.Th>
                <Table.Th>Domingos</Table.Th>
                <Table.Th>Feriados</Table.Th>
                <Table.Th>Noches</Table.Th>
                <Table.Th>Días cambiados</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.trabajadores.map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Td>
                    {w.nombre} {w.apellidos}
                  </Table.Td>
                  <Table.Td>{hours(w.segundosPlanificados)}</Table.Td>
                  <Table.Td>
                    {hours(w.segundosPactados)} ({w.horasSemanales} h/semana)
                  </Table.Td>
                  <Table.Td>{w.domingos}</Table.Td>
                  <Table.Td>{w.feriados}</Table.Td>
                  <Table.Td>{w.noches}</Table.Td>
                  <Table.Td>{w.diasCambiados}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </SectionCard>

      <SectionCard title="Demanda sin cubrir">
        {r.faltas.length === 0 ? (
          <Text size="sm">Toda la demanda queda cubierta.</Text>
        ) : (
          <List size="sm" spacing="xs">
            {r.faltas.map((f) => (
              <List.Item key={`${f.fecha}|${f.inicio}`}>
                <strong>
                  {formatDate(f.fecha)} {f.inicio}–{f.fin}: {plural(f.faltan, 'persona', 'personas')}.
                </strong>{' '}
                {f.motivo}
              </List.Item>
            ))}
          </List>
        )}
        {(r.observaciones.length > 0 || r.omitidos.length > 0) && (
          <List size="sm" spacing="xs" mt="sm">
            {r.omitidos.map((o) => (
              <List.Item key={o.usuarioId}>
                {o.nombre} no se planificó: {o.motivo}
              </List.Item>
            ))}
            {r.observaciones.map((o, i) => (
              <List.Item key={i}>{o.mensaje}</List.Item>
            ))}
          </List>
        )}
      </SectionCard>

      <FixDayDialog
        target={fixing}
        turnos={r.turnos}
        onClose={() => setFixing(null)}
        onChoose={(choice) => {
          if (fixing) onFix(fixing.usuarioId, fixing.fecha, choice);
          setFixing(null);
        }}
      />
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="¿Aplicar la propuesta?"
        message={`Se escribirán ${plural(changed, 'día', 'días')} en la planificación del ${formatDate(proposal.desde)} al ${formatDate(proposal.hasta)}. Los días que ya estaban planificados quedan en el registro de modificaciones de turnos.`}
        confirmLabel="Aplicar propuesta"
        loading={apply.isPending}
        onConfirm={confirm}
      />
    </Stack>
  );
}
