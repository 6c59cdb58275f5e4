import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/NumberInput.css';
import { Button, NumberInput, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { actualizarEmpresaBodySchema, RECARGO_DOMINICAL_MAXIMO, RECARGO_DOMINICAL_MINIMO, type ActualizarEmpresaBody, type Empresa } from '@jornada/contracts';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, ErrorState } from '../../../components/states';
import { EsDatesProvider } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useCompany } from '../api/get-company';
import { useUpdateCompany } from '../api/update-company';
import grid from '../../../components/form-grid.module.css';

interface CompanyFormValues {
  nombre: string;
  razonSocial: string;
  rubro: string;
  email: string;
  telefono: string;
  direccion: string;
  comentario: string;
  resolucion: boolean;
  resolucionNumero: string;
  resolucionFecha: string | null;
  recargoDominicalPorcentaje: number | string;
}

const FIELDS = ['nombre', 'razonSocial', 'rubro', 'email', 'telefono', 'direccion', 'comentario', 'resolucion', 'resolucionNumero', 'resolucionFecha', 'recargoDominicalPorcentaje'] as const;

function toForm(company: Empresa): CompanyFormValues {
  return {
    nombre: company.nombre,
    razonSocial: company.razonSocial,
    rubro: company.rubro ?? '',
    email: company.email ?? '',
    telefono: company.telefono ?? '',
    direccion: company.direccion ?? '',
    comentario: company.comentario ?? '',
    resolucion: company.resolucion,
    resolucionNumero: company.resolucionNumero ?? '',
    resolucionFecha: company.resolucionFecha,
    recargoDominicalPorcentaje: company.recargoDominicalPorcentaje,
  };
}

function toBody(values: CompanyFormValues): ActualizarEmpresaBody {
  return {
    nombre: values.nombre,
    razonSocial: values.razonSocial,
    rubro: values.rubro.trim() || null,
    email: values.email.trim() || null,
    telefono: values.telefono.trim() || null,
    direccion: values.direccion.trim() || null,
    comentario: values.comentario.trim() || null,
    resolucion: values.resolucion,
    resolucionNumero: values.resolucion ? values.resolucionNumero.trim() || null : null,
    resolucionFecha: values.resolucion ? values.resolucionFecha : null,
    // An emptied field is sent as NaN so that the schema says what is missing rather than keeping the old value.
    recargoDominicalPorcentaje: values.recargoDominicalPorcentaje === '' ? Number.NaN : Number(values.recargoDominicalPorcentaje),
  };
}

const zod = zodResolver(actualizarEmpresaBodySchema);
/** The contracts' schema, plus the rule the server adds: with a resolution, its number. */
const resolver: Resolver<CompanyFormValues> = async (values, context, options) => {
  const result = await zod(toBody(values) as never, context, options as never);
  const errors = { ...(result.errors as FieldErrors<CompanyFormValues>) };
  if (values.resolucion && !values.resolucionNumero.trim()) {
    errors.resolucionNumero = { type: 'required', message: 'Ingresa el número de la resolución de jornada excepcional.' };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

function CompanyForm({ company }: { company: Empresa }) {
  const mutation = useUpdateCompany();
  const form = useForm<CompanyFormValues>({ values: toForm(company), resolver, mode: 'onTouched' });
  const { register, control, watch, formState } = form;
  const { errors } = formState;
  const resolucion = watch('resolucion');

  const submit = async (values: CompanyFormValues) => {
    try {
      const saved = await mutation.mutateAsync(toBody(values));
      notify.success(
        saved.email && saved.email !== company.email
          ? `Datos de la empresa guardados. Enviamos a ${saved.email} un enlace para confirmar el correo; hasta entonces, las invitaciones a usuarios nuevos quedan pendientes.`
          : 'Datos de la empresa guardados.',
      );
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  };

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate aria-label="Datos de la empresa">
      <SectionCard title="Identificación" description={`RUT ${company.rut} · registrada el ${formatDate(company.creadoEn)}. El RUT no se puede cambiar.`}>
        <div className={grid.grid}>
          <TextInput label="Nombre" withAsterisk error={errors.nombre?.message} {...register('nombre')} />
          <TextInput label="Razón social" withAsterisk error={errors.razonSocial?.message} {...register('razonSocial')} />
          <TextInput label="RUT empresa" value={company.rut} readOnly disabled name="rutEmpresa" />
          <TextInput label="Rubro" error={errors.rubro?.message} {...register('rubro')} />
          <TextInput
            label="Correo electrónico"
            type="email"
            description={
              company.emailConfirmado && company.email
                ? 'Confirmado. Si lo cambias, enviaremos un enlace al nuevo correo para confirmarlo.'
                : company.email
                  ? 'Sin confirmar: abre el enlace que enviamos a este correo. Hasta entonces, las invitaciones a usuarios nuevos quedan pendientes.'
                  : 'Agrégalo y confírmalo con el enlace que le enviaremos: sin él, las invitaciones a usuarios nuevos quedan pendientes.'
            }
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput label="Teléfono" type="tel" error={errors.telefono?.message} {...register('telefono')} />
          <TextInput label="Dirección" className={grid.full} error={errors.direccion?.message} {...register('direccion')} />
          <Textarea label="Comentario" className={grid.full} autosize minRows={2} error={errors.comentario?.message} {...register('comentario')} />
        </div>
      </SectionCard>
      <div style={{ height: '1rem' }} />
      <SectionCard
        title="Jornada excepcional"
        description="Si la Dirección del Trabajo autorizó un sistema excepcional de distribución de jornada (7x7, 4x4…), su número se imprime en cada comprobante de marcaje."
      >
        <Controller
          control={control}
          name="resolucion"
          render={({ field }) => (
            <Switch
              label="La empresa tiene resolución de jornada excepcional"
              name="resolucion"
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              size="md"
            />
          )}
        />
        {resolucion && (
          <div className={grid.grid} style={{ marginTop: '1rem' }}>
            <TextInput
              label="Número de resolución"
              withAsterisk
              placeholder="Res. Ex. N° 1234"
              error={errors.resolucionNumero?.message}
              {...register('resolucionNumero')}
            />
            <Controller
              control={control}
              name="resolucionFecha"
              render={({ field }) => (
                <DateField
                  label="Fecha de la resolución"
                  name="resolucionFecha"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.resolucionFecha?.message}
                />
              )}
            />
          </div>
        )}
        {!resolucion && (
          <Text size="sm" c="dimmed" mt="sm">
            Sin resolución: se aplican los límites ordinarios de jornada.
          </Text>
        )}
      </SectionCard>
      <div style={{ height: '1rem' }} />
      <SectionCard
        title="Recargo dominical"
        description="Las horas ordinarias trabajadas en domingo por trabajadores exceptuados del descanso dominical (art. 38 del Código del Trabajo) se pagan con un recargo de al menos 30 % sobre el valor de la hora ordinaria (Ley 20.823). Se informa en remuneraciones."
      >
        <div className={grid.grid}>
          <Controller
            control={control}
            name="recargoDominicalPorcentaje"
            render={({ field }) => (
              <NumberInput
                label="Recargo dominical"
                withAsterisk
                name="recargoDominicalPorcentaje"
                description={`Entre ${RECARGO_DOMINICAL_MINIMO} % y ${RECARGO_DOMINICAL_MAXIMO} %`}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                min={RECARGO_DOMINICAL_MINIMO}
                max={RECARGO_DOMINICAL_MAXIMO}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                suffix=" %"
                error={errors.recargoDominicalPorcentaje?.message}
                size="md"
              />
            )}
          />
        </div>
      </SectionCard>
      <div className={grid.actions}>
        <Button variant="default" onClick={() => form.reset(toForm(company))} disabled={!formState.isDirty || mutation.isPending}>
          Descartar cambios
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          Guardar cambios
        </Button>
      </div>
    </form>
  );
}

/** `/dashboard/settings/company`: the company's data, editable by the administrator. */
export function CompanyPage() {
  const company = useCompany();
  return (
    <EsDatesProvider>
      <PageHeader
        title="Datos de la empresa"
        description="Así aparece la empresa en los comprobantes y reportes."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Configuración' }, { label: 'Empresa' }]}
      />
      {company.isPending ? (
        <SectionCard>
          <BlockSkeleton lines={8} label="Cargando datos de la empresa" />
        </SectionCard>
      ) : company.isError ? (
        <SectionCard>
          <ErrorState error={company.error} onRetry={() => void company.refetch()} retrying={company.isFetching} />
        </SectionCard>
      ) : (
        <CompanyForm company={company.data} />
      )}
    </EsDatesProvider>
  );
}
