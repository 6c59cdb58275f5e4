import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Switch.css';
import { Checkbox, Group, NumberInput, Select, Switch, TextInput } from '@mantine/core';
import {
  ANIOS_RECONOCIDOS_MAX,
  BANDA_INICIO_FLEXIBLE_MAX,
  JORNADA_PROMEDIO_SEMANAS_MAX,
  JORNADA_PROMEDIO_SEMANAS_MIN,
  METODO_MARCAJE_LABELS,
  METODOS_MARCAJE,
  MODO_DERECHO_ALIMENTACION_LABELS,
  PERFILES,
  type ModoDerechoAlimentacion,
} from '@jornada/contracts';
import type { ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { DateField } from '../../../components/date-field';
import { formatRutForDisplay, perfilLabel } from '../../../lib/format';
import { useExceptionalScheduleOptions, useGroupOptions, useSiteOptions } from '../../../lib/entity-options';
import type { UserFormValues } from '../hooks/user-form';
import grid from '../../../components/form-grid.module.css';
import classes from './user-fields.module.css';

const USER_LABELS: Record<keyof UserFormValues, string> = {
  nombre: 'Nombre',
  apellidos: 'Apellidos',
  rut: 'RUT',
  cargo: 'Cargo',
  email: 'Correo electrónico',
  emailPersonal: 'Correo personal para comprobantes',
  telefono: 'Teléfono',
  direccion: 'Dirección',
  perfil: 'Perfil',
  sedeId: 'Sede',
  grupoId: 'Grupo',
  jornadaExcepcionalId: 'Jornada excepcional (resolución DT)',
  horasSemanales: 'Horas semanales',
  sueldoBase: 'Sueldo base',
  numeroContrato: 'Número de contrato',
  aniosReconocidosAnteriores: 'Años trabajados con empleadores anteriores (art. 68)',
  exceptuadoDescansoDominical: 'Exceptuado del descanso dominical (art. 38)',
  exceptuadoDescansoDominicalDesde: 'Exceptuado desde',
  exceptuadoDescansoDominicalHasta: 'Exceptuado hasta',
  excluidoLimiteJornada: 'Excluido de la limitación de jornada (art. 22 inc. 2)',
  bandaInicioFlexibleMinutos: 'Banda de inicio flexible (art. 27)',
  jornadaPromedioSemanas: 'Ciclo de la jornada promedio',
  jornadaPromedioDesde: 'Inicio del pacto (lunes)',
  jornadaPromedioHasta: 'Fin del pacto (domingo)',
  derechoAlimentacionHasta: 'Derecho a alimentación hasta (art. 206)',
  derechoAlimentacionModo: 'Uso de la hora de alimentación',
  metodosMarcaje: 'Métodos de marcaje',
  inicioContrato: 'Inicio de contrato',
  finContrato: 'Fin de contrato',
};

const CICLO_OPTIONS = [
  { value: '', label: 'Sin pacto: cada semana por separado' },
  ...Array.from({ length: JORNADA_PROMEDIO_SEMANAS_MAX - JORNADA_PROMEDIO_SEMANAS_MIN + 1 }, (_, i) => ({
    value: String(JORNADA_PROMEDIO_SEMANAS_MIN + i),
    label: `${JORNADA_PROMEDIO_SEMANAS_MIN + i} semanas`,
  })),
];

const PERFIL_OPTIONS = PERFILES.map((perfil) => ({ value: perfil, label: perfilLabel(perfil) }));
const MODO_ALIMENTACION_OPTIONS = (Object.keys(MODO_DERECHO_ALIMENTACION_LABELS) as ModoDerechoAlimentacion[]).map((modo) => ({
  value: modo,
  label: MODO_DERECHO_ALIMENTACION_LABELS[modo],
}));

interface UserFieldsProps {
  form: UseFormReturn<UserFormValues>;
  /** The principal administrator keeps the perfil. */
  perfilLocked?: boolean;
  /** Another administrator's RUT and e-mail: only they change them (the API answers 403). */
  identityLocked?: boolean;
  /**
   * The principal administrator seen by another administrator: their name, RUT, e-mails and contract
   * terms are theirs alone (the API answers 403); shown read-only.
   */
  principalLocked?: boolean;
  /**
   * Shown right under the row of the e-mail, a row below the RUT (the edit drawer's "Tu contraseña
   * actual" when an administrator changes their own e-mail or RUT): where the eye already is, not
   * below the fold at the end of the form.
   */
  afterIdentity?: ReactNode;
}

/** The user's fields, shared by "Registrar usuario" and the edit drawer; each input has its label and `name`. */
export function UserFields({ form, perfilLocked, identityLocked, principalLocked, afterIdentity }: UserFieldsProps) {
  const { register, control, setValue, formState } = form;
  const { errors } = formState;
  const pactChosen = useWatch({ control, name: 'jornadaPromedioSemanas' }) !== '';
  const sundayExcepted = useWatch({ control, name: 'exceptuadoDescansoDominical' });
  const sites = useSiteOptions();
  const groups = useGroupOptions({ label: 'estado' });
  const schedules = useExceptionalScheduleOptions();
  const locked = principalLocked === true;
  const lockedNote = locked ? 'Solo el administrador principal puede cambiarlo' : undefined;
  const rutField = register('rut', {
    onBlur: (event: { target: { value: string } }) => {
      if (event.target.value.trim()) setValue('rut', formatRutForDisplay(event.target.value));
    },
  });

  return (
    <div className={classes.sections}>
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>Datos personales</legend>
        <div className={grid.grid}>
          <TextInput label={USER_LABELS.nombre} withAsterisk autoComplete="off" readOnly={locked} error={errors.nombre?.message} {...register('nombre')} />
          <TextInput label={USER_LABELS.apellidos} withAsterisk autoComplete="off" readOnly={locked} error={errors.apellidos?.message} {...register('apellidos')} />
          <TextInput
            label={USER_LABELS.rut}
            withAsterisk
            description={locked ? lockedNote : identityLocked ? 'Solo este administrador puede cambiar su RUT' : 'Con o sin puntos, por ejemplo 12.345.678-5'}
            readOnly={identityLocked || locked}
            error={errors.rut?.message}
            {...rutField}
          />
          <TextInput label={USER_LABELS.cargo} error={errors.cargo?.message} {...register('cargo')} />
          <TextInput
            label={USER_LABELS.email}
            withAsterisk
            type="email"
            description={locked ? lockedNote : identityLocked ? 'Solo este administrador puede cambiar su correo' : 'Aquí llegará el enlace para crear su contraseña'}
            readOnly={identityLocked || locked}
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label={USER_LABELS.emailPersonal}
            type="email"
            description={lockedNote ?? 'Opcional: copia de cada comprobante de marcaje'}
            readOnly={locked}
            error={errors.emailPersonal?.message}
            {...register('emailPersonal')}
          />
          {afterIdentity && <div className={grid.full}>{afterIdentity}</div>}
          <TextInput label={USER_LABELS.telefono} type="tel" error={errors.telefono?.message} {...register('telefono')} />
          <TextInput label={USER_LABELS.direccion} error={errors.direccion?.message} {...register('direccion')} />
        </div>
      </fieldset>

      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>Contrato y jornada</legend>
        <div className={grid.grid}>
          <Controller
            control={control}
            name="perfil"
            render={({ field }) => (
              <Select
                label={USER_LABELS.perfil}
                withAsterisk
                name="perfil"
                data={PERFIL_OPTIONS}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'trabajador')}
                onBlur={field.onBlur}
                allowDeselect={false}
                disabled={perfilLocked}
                description={perfilLocked ? 'El administrador principal conserva su perfil' : undefined}
                error={errors.perfil?.message}
                size="md"
              />
            )}
          />
          <Controller
            control={control}
            name="sedeId"
            render={({ field }) => (
              <Select
                label={USER_LABELS.sedeId}
                name="sedeId"
                data={sites.data ?? []}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                placeholder={sites.isLoading ? 'Cargando sedes…' : 'Sin sede'}
                searchable
                clearable
                nothingFoundMessage="No hay sedes con ese nombre"
                error={errors.sedeId?.message}
                size="md"
              />
            )}
          />
          <Controller
            control={control}
            name="grupoId"
            render={({ field }) => (
              <Select
                label={USER_LABELS.grupoId}
                name="grupoId"
                data={groups.data ?? []}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                placeholder={groups.isLoading ? 'Cargando grupos…' : 'Sin grupo'}
                searchable
                clearable
                nothingFoundMessage="No hay grupos con ese nombre"
                error={errors.grupoId?.message}
                size="md"
              />
            )}
          />
          <Controller
            control={control}
            name="horasSemanales"
            render={({ field }) => (
              <NumberInput
                label={USER_LABELS.horasSemanales}
                withAsterisk
                name="horasSemanales"
                description={lockedNote ?? 'Jornada pactada; máximo legal según la fecha (Ley 21.561)'}
                readOnly={locked}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                min={0.5}
                max={45}
                step={0.5}
                decimalScale={1}
                decimalSeparator=","
                suffix=" h"
                error={errors.horasSemanales?.message}
                size="md"
              />
            )}
          />
          <Controller
            control={control}
            name="sueldoBase"
            render={({ field }) => (
              <NumberInput
                label={USER_LABELS.sueldoBase}
                name="sueldoBase"
                description={lockedNote ?? 'Mensual, en pesos'}
                readOnly={locked}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                prefix="$ "
                thousandSeparator="."
                decimalSeparator=","
                allowDecimal={false}
                allowNegative={false}
                hideControls
                error={errors.sueldoBase?.message}
                size="md"
              />
            )}
          />
          <TextInput
            label={USER_LABELS.numeroContrato}
            description={lockedNote ?? 'Para la importación de remuneraciones; vacío: 1'}
            readOnly={locked}
            autoComplete="off"
            error={errors.numeroContrato?.message}
            {...register('numeroContrato')}
          />
          <Controller
            control={control}
            name="exceptuadoDescansoDominical"
            render={({ field }) => (
              <Switch
                label={USER_LABELS.exceptuadoDescansoDominical}
                name="exceptuadoDescansoDominical"
                description={lockedNote ?? 'Comercio o atención al público: sus turnos de domingo y festivo son jornada ordinaria, con recargo dominical.'}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                disabled={locked}
                error={errors.exceptuadoDescansoDominical?.message}
                className={grid.full}
                size="md"
              />
            )}
          />
          {sundayExcepted && (
            <>
              <Controller
                control={control}
                name="exceptuadoDescansoDominicalDesde"
                render={({ field }) => (
                  <DateField
                    label={USER_LABELS.exceptuadoDescansoDominicalDesde}
                    name="exceptuadoDescansoDominicalDesde"
                    description={lockedNote ?? 'Vacío: desde el inicio del contrato'}
                    readOnly={locked}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.exceptuadoDescansoDominicalDesde?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="exceptuadoDescansoDominicalHasta"
                render={({ field }) => (
                  <DateField
                    label={USER_LABELS.exceptuadoDescansoDominicalHasta}
                    name="exceptuadoDescansoDominicalHasta"
                    description={lockedNote ?? 'Vacío: mientras dure el contrato'}
                    readOnly={locked}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.exceptuadoDescansoDominicalHasta?.message}
                  />
                )}
              />
            </>
          )}
          <Controller
            control={control}
            name="excluidoLimiteJornada"
            render={({ field }) => (
              <Switch
                label={USER_LABELS.excluidoLimiteJornada}
                name="excluidoLimiteJornada"
                description={
                  lockedNote ??
                  'Gerentes, administradores, apoderados con facultades de administración o quien trabaja sin fiscalización superior inmediata: sin límite de horas, atrasos ni horas extra; sus marcas se registran igual.'
                }
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                disabled={locked}
                error={errors.excluidoLimiteJornada?.message}
                className={grid.full}
                size="md"
              />
            )}
          />
          <Controller
            control={control}
            name="jornadaExcepcionalId"
            render={({ field }) => (
              <Select
                label={USER_LABELS.jornadaExcepcionalId}
                name="jornadaExcepcionalId"
                description={lockedNote ?? 'Sistema autorizado por la Dirección del Trabajo (art. 38 inc. final): sus límites reemplazan a los diarios y semanales. Sin una propia, rige la de su grupo.'}
                data={[{ value: '', label: 'Ninguna' }, ...(schedules.data ?? [])]}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(value || null)}
                onBlur={field.onBlur}
                placeholder={schedules.isLoading ? 'Cargando jornadas…' : 'Ninguna'}
                allowDeselect={false}
                disabled={locked}
                error={errors.jornadaExcepcionalId?.message}
                size="md"
              />
            )}
          />
          <Controller
            control={control}
            name="bandaInicioFlexibleMinutos"
            render={({ field }) => (
              <NumberInput
                label={USER_LABELS.bandaInicioFlexibleMinutos}
                name="bandaInicioFlexibleMinutos"
                description={
                  lockedNote ??
                  'Madres y padres de niños de hasta 12 años (Ley 21.561): minutos después del inicio del turno en que la entrada no es atraso; la salida se corre lo mismo. Planifica el turno al inicio más temprano de la banda (hasta 120 min: dos horas en total). Vacío: sin banda.'
                }
                readOnly={locked}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                min={0}
                max={BANDA_INICIO_FLEXIBLE_MAX}
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                suffix=" min"
                error={errors.bandaInicioFlexibleMinutos?.message}
                size="md"
              />
            )}
          />
          <Controller
            control={control}
            name="derechoAlimentacionHasta"
            render={({ field }) => (
              <DateField
                label={USER_LABELS.derechoAlimentacionHasta}
                name="derechoAlimentacionHasta"
                description={
                  lockedNote ??
                  'El día en que el hijo o hija cumple dos años: hasta entonces, una hora al día para alimentarlo cuenta como trabajada. Vacío: sin derecho.'
                }
                readOnly={locked}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.derechoAlimentacionHasta?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="derechoAlimentacionModo"
            render={({ field }) => (
              <Select
                label={USER_LABELS.derechoAlimentacionModo}
                name="derechoAlimentacionModo"
                data={MODO_ALIMENTACION_OPTIONS}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'fin')}
                onBlur={field.onBlur}
                allowDeselect={false}
                disabled={locked}
                description={lockedNote ?? 'Art. 206: la hora no es atraso ni salida anticipada'}
                error={errors.derechoAlimentacionModo?.message}
                size="md"
              />
            )}
          />
          <Controller
            control={control}
            name="inicioContrato"
            render={({ field }) => (
              <DateField
                label={USER_LABELS.inicioContrato}
                withAsterisk
                name="inicioContrato"
                readOnly={locked}
                description={lockedNote}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.inicioContrato?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="finContrato"
            render={({ field }) => (
              <DateField
                label={USER_LABELS.finContrato}
                description={lockedNote ?? 'Déjalo vacío si es indefinido'}
                readOnly={locked}
                name="finContrato"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.finContrato?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="aniosReconocidosAnteriores"
            render={({ field }) => (
              <NumberInput
                label={USER_LABELS.aniosReconocidosAnteriores}
                name="aniosReconocidosAnteriores"
                description={lockedNote ?? 'Acreditados con certificado; para el feriado progresivo solo cuentan 10'}
                readOnly={locked}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                min={0}
                max={ANIOS_RECONOCIDOS_MAX}
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                error={errors.aniosReconocidosAnteriores?.message}
                size="md"
              />
            )}
          />
          <Controller
            control={control}
            name="metodosMarcaje"
            render={({ field }) => (
              <Checkbox.Group
                label={USER_LABELS.metodosMarcaje}
                description={lockedNote ?? 'Cómo puede registrar su asistencia'}
                withAsterisk
                value={field.value}
                onChange={(value) => field.onChange(value)}
                error={errors.metodosMarcaje?.message}
                className={grid.full}
              >
                <Group mt="xs" gap="lg">
                  {METODOS_MARCAJE.map((metodo) => (
                    <Checkbox key={metodo} value={metodo} label={METODO_MARCAJE_LABELS[metodo]} name="metodosMarcaje" disabled={locked} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
        </div>
      </fieldset>

      <fieldset className={classes.fieldset} data-testid="jornada-promedio">
        <legend className={classes.legend}>Jornada promedio (art. 22 bis)</legend>
        <div className={grid.grid}>
          <Controller
            control={control}
            name="jornadaPromedioSemanas"
            render={({ field }) => (
              <Select
                label={USER_LABELS.jornadaPromedioSemanas}
                name="jornadaPromedioSemanas"
                description={
                  lockedNote ??
                  'Pacto que distribuye las horas en un promedio semanal dentro de ciclos de 2 a 4 semanas: la planificación se revisa contra el promedio del ciclo; ninguna semana pasa de 45 horas ni supera el promedio más de dos semanas seguidas. Lo trabajado se liquida por ciclo: son horas extra las que exceden las del ciclo o las 45 de una semana, y los atrasos se compensan dentro del ciclo. Con un trabajador sindicalizado, lo pacta su sindicato.'
                }
                data={CICLO_OPTIONS}
                value={field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                allowDeselect={false}
                disabled={locked}
                error={errors.jornadaPromedioSemanas?.message}
                className={grid.full}
                size="md"
              />
            )}
          />
          {pactChosen && (
            <>
              <Controller
                control={control}
                name="jornadaPromedioDesde"
                render={({ field }) => (
                  <DateField
                    label={USER_LABELS.jornadaPromedioDesde}
                    withAsterisk
                    name="jornadaPromedioDesde"
                    description={lockedNote ?? 'El primer ciclo empieza ese lunes; los siguientes lo siguen sin interrupción'}
                    readOnly={locked}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.jornadaPromedioDesde?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="jornadaPromedioHasta"
                render={({ field }) => (
                  <DateField
                    label={USER_LABELS.jornadaPromedioHasta}
                    name="jornadaPromedioHasta"
                    description={lockedNote ?? 'Vacío: mientras dure el contrato'}
                    readOnly={locked}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.jornadaPromedioHasta?.message}
                  />
                )}
              />
            </>
          )}
        </div>
      </fieldset>
    </div>
  );
}
