import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/NumberInput.css';
import { canAccess, DESCANSO_POR_DEFECTO_HORAS } from '@jornada/contracts';
import { Alert, Button, Group, NumberInput, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, EmptyState, ErrorState } from '../../../components/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { EsDatesProvider } from '../../../lib/dates';
import { useGroupOptions, useSiteOptions } from '../../../lib/entity-options';
import { todayInChile } from '../../../lib/format';
import { useSession } from '../../../lib/session/session-context';
import { useDemand } from '../api/demand';
import { useCreateProposal, useProposal } from '../api/proposal';
import { DemandSection } from './demand-section';
import type { FixedChoice } from './fix-day-dialog';
import { ProposalView } from './proposal-view';
import classes from './roster.module.css';

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The solver's longest period (six weeks). */
const MAX_DAYS = 42;

const STATE_TEXT = { en_cola: 'En cola: el cálculo empieza en un momento…', calculando: 'Calculando la propuesta…' } as const;

/** «Planificación automática»: a site's demand, a proposal from the solver beside the current plan, and applying it. */
export function RosterPage() {
  const { user } = useSession();
  const perfil = user?.perfil ?? '';
  const sites = useSiteOptions();
  const groups = useGroupOptions({ soloActivos: true });
  const [siteId, setSiteId] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const today = todayInChile();
  const [desde, setDesde] = useState<string | null>(addDays(today, 1));
  const [hasta, setHasta] = useState<string | null>(addDays(today, 14));
  const [rest, setRest] = useState<number | string>(DESCANSO_POR_DEFECTO_HORAS);
  const [proposalId, setProposalId] = useState<string | null>(null);
  const [fixed, setFixed] = useState<Map<string, FixedChoice>>(() => new Map());
  const [requestError, setRequestError] = useState<string | null>(null);
  const demand = useDemand(siteId);
  const create = useCreateProposal();
  const proposal = useProposal(proposalId);

  /** A new scope or period starts over: no proposal, no fixed days. */
  const restart = () => {
    setProposalId(null);
    setFixed(new Map());
  };

  const fix = (usuarioId: string, fecha: string, choice: FixedChoice | undefined) =>
    setFixed((current) => {
      const next = new Map(current);
      if (choice === undefined) next.delete(`${usuarioId}|${fecha}`);
      else next.set(`${usuarioId}|${fecha}`, choice);
      return next;
    });

  const ask = async () => {
    setRequestError(null);
    if (!siteId || !desde || !hasta) return;
    const fijos = [...fixed].map(([key, turnoId]) => {
      const [usuarioId, fecha] = key.split('|') as [string, string];
      return { usuarioId, fecha, turnoId };
    });
    try {
      const created = await create.mutateAsync({
        sedeId: siteId,
        desde,
        hasta,
        ...(groupId ? { grupoId: groupId } : {}),
        fijos,
        descansoMinimoHoras: typeof rest === 'number' ? rest : Number(rest),
      });
      setProposalId(created.id);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      setRequestError(fields ? Object.values(fields).join(' ') : errorMessage(error));
    }
  };

  const p = proposal.data;
  const siteName = sites.data?.find((option) => option.value === siteId)?.label ?? 'la sede';
  return (
    <EsDatesProvider>
      <PageHeader
        title="Planificación automática"
        description="Indica cuántas personas necesita una sede en cada banda horaria y pide una propuesta: respeta los contratos, los descansos y la ley, y se compara con la planificación actual antes de aplicarla."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Planificación', to: '/dashboard/planning' }, { label: 'Planificación automática' }]}
      />
      <Stack gap="lg">
        <SectionCard title="Sede y período">
          <div className={classes.filters}>
            <FilterSelect label="Sede" data={sites} value={siteId} placeholder="Elige una sede" onChange={(v) => { setSiteId(v); restart(); }} />
            <FilterSelect label="Grupo" data={groups} value={groupId} placeholder="Toda la sede" onChange={(v) => { setGroupId(v); restart(); }} />
            <DateField label="Desde" name="desde" placeholder="dd-mm-aaaa" value={desde} minDate={today} onChange={(v) => { setDesde(v); restart(); }} />
            <DateField label="Hasta" name="hasta" placeholder="dd-mm-aaaa" value={hasta} minDate={desde ?? today} maxDate={desde ? addDays(desde, MAX_DAYS - 1) : undefined} onChange={(v) => { setHasta(v); restart(); }} />
            <NumberInput
              label="Descanso entre turnos (horas)"
              name="descansoMinimoHoras"
              size="sm"
              min={8}
              max={24}
              allowDecimal={false}
              value={rest}
              onChange={setRest}
              description="Entre el fin de un turno y el inicio del siguiente."
            />
          </div>
        </SectionCard>

        {!siteId ? (
          <EmptyState title="Elige una sede" description="La demanda y la propuesta son de una sede (y, si quieres, de uno de sus grupos)." />
        ) : demand.isPending ? (
          <BlockSkeleton label="Cargando la demanda" />
        ) : demand.isError ? (
          <ErrorState error={demand.error} onRetry={() => void demand.refetch()} />
        ) : (
          <SectionCard title="Demanda de la sede" description="Personas necesarias por día de la semana y banda horaria. Un fin anterior al inicio termina al día siguiente.">
            <DemandSection key={siteId} siteId={siteId} siteName={siteName} demand={demand.data} canManage={canAccess('rosterDemandManage', perfil)} />
            <Group mt="md">
              <Button onClick={() => void ask()} loading={create.isPending} disabled={!desde || !hasta || (p !== undefined && (p.estado === 'en_cola' || p.estado === 'calculando'))}>
                Calcular propuesta
              </Button>
            </Group>
            {requestError && (
              <Alert color="red" mt="sm" title="No se pudo pedir la propuesta">
                {requestError}
              </Alert>
            )}
          </SectionCard>
        )}

        {proposalId && proposal.isError && <ErrorState error={proposal.error} onRetry={() => void proposal.refetch()} />}
        {p && (p.estado === 'en_cola' || p.estado === 'calculando') && (
          <SectionCard title="Calculando">
            <Text size="sm" mb="xs">
              {STATE_TEXT[p.estado]} Puedes seguir usando la página.
            </Text>
            <Progress value={p.progreso} animated aria-label="Avance del cálculo" />
          </SectionCard>
        )}
        {p?.estado === 'fallida' && (
          <Alert color="red" title="No se pudo calcular la propuesta">
            {p.error}
          </Alert>
        )}
        {p?.estado === 'lista' && p.resultado && (
          <ProposalView proposal={p} fixed={fixed} onFix={fix} onClearFixed={() => setFixed(new Map())} onRecompute={() => void ask()} recomputing={create.isPending} />
        )}
      </Stack>
    </EsDatesProvider>
  );
}
