import '@mantine/core/styles/Button.css';
import { Button, Textarea, TextInput } from '@mantine/core';
import type { FocusEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { showSuccessDialog } from '../../../lib/dialogs';
import { formatRutForDisplay } from '../../../lib/format';
import { useCreateCompany, type CompanyFormBody } from '../api/create-company';
import { onboardingStorage } from '../hooks/onboarding-storage';
import { showSubmitError } from '../hooks/submit-error-dialog';
import { ONBOARDING_DIALOGS } from '../messages';
import { OnboardingShell } from './onboarding-shell';
import classes from './form-grid.module.css';

type CompanyFormValues = Omit<CompanyFormBody, 'resolucion'>;

const EMPTY: CompanyFormValues = {
  nombre: '',
  rutEmpresa: '',
  direccion: '',
  telefono: '',
  email: '',
  rubro: '',
  razonSocial: '',
  comentario: '',
};

/** Spanish labels of the fields, also used to list the server's field messages. */
const COMPANY_LABELS: Record<keyof CompanyFormValues, string> = {
  nombre: 'Nombre',
  rutEmpresa: 'RUT empresa',
  direccion: 'Dirección',
  telefono: 'Teléfono',
  email: 'Correo electrónico',
  rubro: 'Rubro',
  razonSocial: 'Razón social',
  comentario: 'Comentario',
};

/** "Datos Empresa": free-text fields, no client-side validation (spec section 5); the server decides. */
export function CompanyFormPage() {
  const navigate = useNavigate();
  const mutation = useCreateCompany();
  const { register, handleSubmit, reset, setValue } = useForm<CompanyFormValues>({ defaultValues: EMPTY });

  const submit = async (values: CompanyFormValues) => {
    let answer;
    try {
      answer = await mutation.mutateAsync({ ...values, resolucion: false });
    } catch (error) {
      await showSubmitError(error, COMPANY_LABELS);
      return;
    }
    onboardingStorage.save(answer.onboardingToken, values.razonSocial);
    reset(EMPTY);
    await showSuccessDialog(ONBOARDING_DIALOGS.companySuccess);
    navigate('/configuracion-usuario');
  };

  const rutField = register('rutEmpresa', {
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      if (event.target.value.trim()) setValue('rutEmpresa', formatRutForDisplay(event.target.value));
    },
  });

  return (
    <OnboardingShell
      step={1}
      title="Datos Empresa"
      description="Registra tu empresa en Jornada. En el siguiente paso crearás al usuario administrador, quien podrá invitar al resto del equipo."
    >
      <form onSubmit={handleSubmit(submit)} noValidate aria-labelledby="onboarding-title">
        <div className={classes.grid}>
          <TextInput label="Nombre" autoComplete="organization" {...register('nombre')} />
          <TextInput label="Razón social" description="Como aparece en el SII" {...register('razonSocial')} />
          <TextInput label="RUT empresa" description="Por ejemplo 76.543.210-3" {...rutField} />
          <TextInput label="Rubro" description="Actividad principal de la empresa" {...register('rubro')} />
          <TextInput label="Correo electrónico" type="email" autoComplete="email" {...register('email')} />
          <TextInput label="Teléfono" type="tel" autoComplete="tel" {...register('telefono')} />
          <TextInput label="Dirección" autoComplete="street-address" className={classes.full} {...register('direccion')} />
          <Textarea label="Comentario" autosize minRows={3} maxRows={8} className={classes.full} {...register('comentario')} />
        </div>
        <div className={classes.actions}>
          <span className={classes.note}>Tus datos se usan solo para crear la cuenta de tu empresa.</span>
          <Button type="submit" loading={mutation.isPending}>
            Registrar empresa
          </Button>
        </div>
      </form>
    </OnboardingShell>
  );
}
