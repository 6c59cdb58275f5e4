import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Anchor.css';
import { Anchor, Button, PasswordInput, TextInput } from '@mantine/core';
import { useState, type FocusEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-field';
import { showSuccessDialog } from '../../../lib/dialogs';
import { EsDatesProvider } from '../../../lib/dates';
import { formatRutForDisplay } from '../../../lib/format';
import { useCreateUser, type UserFormBody } from '../api/create-user';
import { onboardingStorage } from '../hooks/onboarding-storage';
import { showSubmitError } from '../hooks/submit-error-dialog';
import { ONBOARDING_DIALOGS } from '../messages';
import { OnboardingShell } from './onboarding-shell';
import classes from './form-grid.module.css';

type UserFormValues = Omit<UserFormBody, 'inicio_contrato' | 'fin_contrato'> & {
  inicio_contrato: string | null;
  fin_contrato: string | null;
};

const EMPTY: UserFormValues = {
  nombre: '',
  apellidos: '',
  cargo: '',
  rut: '',
  password: '',
  email: '',
  direccion: '',
  razon_social: '',
  telefono: '',
  inicio_contrato: null,
  fin_contrato: null,
};

const USER_LABELS: Record<keyof UserFormValues, string> = {
  nombre: 'Nombre',
  apellidos: 'Apellidos',
  cargo: 'Cargo',
  rut: 'RUT',
  password: 'Contraseña',
  email: 'Correo electrónico',
  direccion: 'Dirección',
  razon_social: 'Razón social',
  telefono: 'Teléfono',
  inicio_contrato: 'Inicio de contrato',
  fin_contrato: 'Fin de contrato',
};

/** "Datos Usuario Principal": free-text fields and two date pickers, no client-side validation (spec section 5). */
export function UserFormPage() {
  const mutation = useCreateUser();
  const [registered, setRegistered] = useState(false);
  const { register, handleSubmit, reset, setValue, control } = useForm<UserFormValues>({
    // The company step's razón social is suggested; the person may change it.
    defaultValues: { ...EMPTY, razon_social: onboardingStorage.razonSocial() },
  });

  const submit = async (values: UserFormValues) => {
    const body: UserFormBody = {
      ...values,
      inicio_contrato: values.inicio_contrato ?? '',
      fin_contrato: values.fin_contrato ?? '',
    };
    try {
      await mutation.mutateAsync({ body, onboardingToken: onboardingStorage.token() });
    } catch (error) {
      await showSubmitError(error, USER_LABELS);
      return;
    }
    // The onboarding token is single-use: it is spent now.
    onboardingStorage.clear();
    reset(EMPTY);
    setRegistered(true);
    await showSuccessDialog(ONBOARDING_DIALOGS.userSuccess);
  };

  const rutField = register('rut', {
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      if (event.target.value.trim()) setValue('rut', formatRutForDisplay(event.target.value));
    },
  });

  return (
    <EsDatesProvider>
      <OnboardingShell
        step={2}
        title="Datos Usuario Principal"
        description="Crea al usuario administrador de la empresa. Con su RUT y contraseña podrá ingresar a Jornada."
      >
        <form onSubmit={handleSubmit(submit)} noValidate aria-labelledby="onboarding-title">
          <div className={classes.grid}>
            <TextInput label="Nombre" autoComplete="given-name" {...register('nombre')} />
            <TextInput label="Apellidos" autoComplete="family-name" {...register('apellidos')} />
            <TextInput label="RUT" description="Con o sin puntos, por ejemplo 12.345.678-5" {...rutField} />
            <TextInput label="Cargo" autoComplete="organization-title" {...register('cargo')} />
            <TextInput label="Correo electrónico" type="email" autoComplete="email" {...register('email')} />
            <PasswordInput
              label="Contraseña"
              description="Al menos 8 caracteres"
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
              {...register('password')}
            />
            <TextInput label="Razón social" {...register('razon_social')} />
            <TextInput label="Teléfono" type="tel" autoComplete="tel" {...register('telefono')} />
            <TextInput label="Dirección" autoComplete="street-address" className={classes.full} {...register('direccion')} />
            <Controller
              control={control}
              name="inicio_contrato"
              render={({ field }) => (
                <DateField
                  label="Inicio de contrato"
                  name="inicio_contrato"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
            <Controller
              control={control}
              name="fin_contrato"
              render={({ field }) => (
                <DateField
                  label="Fin de contrato"
                  description="Déjalo vacío si es indefinido"
                  name="fin_contrato"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          </div>
          <div className={classes.actions}>
            <span className={classes.note}>
              {registered ? (
                <>
                  Usuario registrado.{' '}
                  <Anchor component={Link} to="/" fw={600}>
                    Ingresar a Jornada
                  </Anchor>
                </>
              ) : (
                'El administrador podrá agregar al resto del equipo una vez dentro.'
              )}
            </span>
            <Button type="submit" loading={mutation.isPending}>
              Registrar usuario
            </Button>
          </div>
        </form>
      </OnboardingShell>
    </EsDatesProvider>
  );
}
