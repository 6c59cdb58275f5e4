import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Skeleton.css';
import { Button, NumberInput, Select, Skeleton, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  crearSedeBodySchema,
  DEFAULT_ZONA_HORARIA,
  RADIO_GEOCERCA,
  REGIONES,
  ZONAS_HORARIAS_CHILE,
  type CrearSedeBody,
  type Sede,
} from '@jornada/contracts';
import { lazy, Suspense } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/toasts';
import { useCreateSite } from '../api/create-site';
import { useUpdateSite } from '../api/update-site';
import grid from '../../../components/form-grid.module.css';

// Leaflet (≈40 KB gzip + CSS) only loads when a site form opens.
const SiteMap = lazy(() => import('./site-map'));

interface SiteFormValues {
  nombre: string;
  calle: string;
  numero: string;
  comuna: string;
  ciudad: string;
  region: string | null;
  lat: number | string;
  lng: number | string;
  radioGeocercaM: number | string;
  zonaHoraria: string;
}

const FIELDS = ['nombre', 'calle', 'numero', 'comuna', 'ciudad', 'region', 'lat', 'lng', 'radioGeocercaM', 'zonaHoraria'] as const;
const REGION_OPTIONS = REGIONES.map((region) => ({ value: region.value, label: region.label }));
const ZONE_OPTIONS = ZONAS_HORARIAS_CHILE.map((zone) => ({ value: zone.value, label: zone.label }));

function toForm(site: Sede | null): SiteFormValues {
  return {
    nombre: site?.nombre ?? '',
    calle: site?.calle ?? '',
    numero: site?.numero ?? '',
    comuna: site?.comuna ?? '',
    ciudad: site?.ciudad ?? '',
    region: site?.region ?? null,
    lat: site?.lat ?? '',
    lng: site?.lng ?? '',
    radioGeocercaM: site?.radioGeocercaM ?? RADIO_GEOCERCA.default,
    zonaHoraria: site?.zonaHoraria ?? DEFAULT_ZONA_HORARIA,
  };
}

const num = (value: number | string): number | null => (value === '' ? null : Number(value));

function toBody(values: SiteFormValues): CrearSedeBody {
  return {
    nombre: values.nombre,
    calle: values.calle.trim() || null,
    numero: values.numero.trim() || null,
    comuna: values.comuna.trim() || null,
    ciudad: values.ciudad.trim() || null,
    region: (values.region || null) as CrearSedeBody['region'],
    lat: num(values.lat),
    lng: num(values.lng),
    radioGeocercaM: values.radioGeocercaM === '' ? (undefined as unknown as number) : Number(values.radioGeocercaM),
    zonaHoraria: values.zonaHoraria,
  };
}

const zod = zodResolver(crearSedeBodySchema);
const resolver: Resolver<SiteFormValues> = async (values, context, options) => {
  const result = await zod(toBody(values) as never, context, options as never);
  const errors = result.errors as FieldErrors<SiteFormValues>;
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

interface SiteFormProps {
  /** null: a new site. */
  site: Sede | null;
  onDone: () => void;
}

/** A site's address, position (click on the map), geofence radius and time zone. */
export function SiteForm({ site, onDone }: SiteFormProps) {
  const create = useCreateSite();
  const update = useUpdateSite();
  const pending = create.isPending || update.isPending;
  const form = useForm<SiteFormValues>({ defaultValues: toForm(site), resolver, mode: 'onTouched' });
  const { register, control, setValue, watch, formState } = form;
  const { errors } = formState;
  const [lat, lng, radius] = watch(['lat', 'lng', 'radioGeocercaM']);

  const submit = async (values: SiteFormValues) => {
    try {
      if (site) await update.mutateAsync({ id: site.id, body: toBody(values) });
      else await create.mutateAsync(toBody(values));
      notify.success(site ? 'Sede actualizada.' : 'Sede creada.');
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  };

  const pick = (nextLat: number, nextLng: number) => {
    setValue('lat', nextLat, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setValue('lng', nextLng, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate aria-label={site ? 'Editar sede' : 'Nueva sede'}>
      <div className={grid.grid}>
        <TextInput label="Nombre de la sede" withAsterisk className={grid.full} error={errors.nombre?.message} {...register('nombre')} />
        <TextInput label="Calle" error={errors.calle?.message} {...register('calle')} />
        <TextInput label="Número" error={errors.numero?.message} {...register('numero')} />
        <TextInput label="Comuna" error={errors.comuna?.message} {...register('comuna')} />
        <TextInput label="Ciudad" error={errors.ciudad?.message} {...register('ciudad')} />
        <Controller
          control={control}
          name="region"
          render={({ field }) => (
            <Select
              label="Región"
              name="region"
              data={REGION_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              searchable
              clearable
              placeholder="Elige la región"
              nothingFoundMessage="Sin coincidencias"
              error={errors.region?.message}
              size="md"
            />
          )}
        />
        <Controller
          control={control}
          name="zonaHoraria"
          render={({ field }) => (
            <Select
              label="Zona horaria"
              withAsterisk
              name="zonaHoraria"
              description="Los días de la sede se cuentan en esta zona"
              data={ZONE_OPTIONS}
              value={field.value}
              onChange={(value) => field.onChange(value ?? DEFAULT_ZONA_HORARIA)}
              allowDeselect={false}
              error={errors.zonaHoraria?.message}
              size="md"
            />
          )}
        />
      </div>

      <Text fw={600} mt="xl" mb={4}>
        Ubicación y geocerca
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        Haz clic en el mapa para ubicar la sede. Una marca fuera del círculo se registra igual y queda señalada.
      </Text>
      <Suspense fallback={<Skeleton height={320} radius="md" role="status" aria-label="Cargando mapa" />}>
        <SiteMap lat={num(lat)} lng={num(lng)} radius={Number(radius) || RADIO_GEOCERCA.default} onPick={pick} />
      </Suspense>
      <div className={grid.grid} style={{ marginTop: '1rem' }}>
        <Controller
          control={control}
          name="lat"
          render={({ field }) => (
            <NumberInput label="Latitud" name="lat" value={field.value} onChange={field.onChange} onBlur={field.onBlur} decimalScale={6} decimalSeparator="." min={-90} max={90} hideControls error={errors.lat?.message} size="md" />
          )}
        />
        <Controller
          control={control}
          name="lng"
          render={({ field }) => (
            <NumberInput label="Longitud" name="lng" value={field.value} onChange={field.onChange} onBlur={field.onBlur} decimalScale={6} min={-180} max={180} hideControls error={errors.lng?.message} size="md" />
          )}
        />
        <Controller
          control={control}
          name="radioGeocercaM"
          render={({ field }) => (
            <NumberInput
              label="Radio de la geocerca"
              withAsterisk
              name="radioGeocercaM"
              description={`Entre ${RADIO_GEOCERCA.min} y ${RADIO_GEOCERCA.max.toLocaleString('es-CL')} metros`}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              min={RADIO_GEOCERCA.min}
              max={RADIO_GEOCERCA.max}
              step={10}
              allowDecimal={false}
              thousandSeparator="."
              decimalSeparator=","
              suffix=" m"
              error={errors.radioGeocercaM?.message}
              size="md"
            />
          )}
        />
      </div>
      <div className={grid.actions}>
        <Button variant="default" onClick={onDone} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" loading={pending}>
          {site ? 'Guardar sede' : 'Crear sede'}
        </Button>
      </div>
    </form>
  );
}
