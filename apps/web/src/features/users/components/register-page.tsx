import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Text.css';
import { Alert, Anchor, Button, Tabs, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { EnvioInvitaciones, UsuarioCreado } from '@jornada/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { BulkUpload } from '../../../components/bulk-upload';
import { IconCheck } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { EsDatesProvider } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { fullName } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useToken } from '../../../lib/use-token';
import { commitBulkUsers, previewBulkUsers, USER_TEMPLATES } from '../api/bulk-users';
import { useCreateUser } from '../api/create-user';
import { userKeys } from '../api/keys';
import { createUserResolver, emptyUserForm, toBody, USER_FIELD_NAMES, type UserFormValues } from '../hooks/user-form';
import { UserFields } from './user-fields';
import grid from '../../../components/form-grid.module.css';

function SingleRegistration() {
  const mutation = useCreateUser();
  const [created, setCreated] = useState<UsuarioCreado | null>(null);
  const form = useForm<UserFormValues>({ defaultValues: emptyUserForm(), resolver: createUserResolver, mode: 'onTouched' });

  const submit = async (values: UserFormValues) => {
    try {
      const user = await mutation.mutateAsync(toBody(values));
      setCreated(user);
      form.reset(emptyUserForm());
      notify.success(
        user.invitaciones.enviadas > 0 ? `Usuario registrado. Enviamos a ${user.email} el enlace para crear su contraseña.` : `Usuario registrado. ${user.invitaciones.mensaje}`,
      );
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (error) {
      applyServerErrors(error, form.setError, USER_FIELD_NAMES);
    }
  };

  return (
    <>
      {created && (
        <Alert color="jornada" variant="light" icon={<IconCheck size={18} />} title="Usuario registrado" mb="lg" role="status">
          {created.invitaciones.enviadas > 0
            ? `${fullName(created.nombre, created.apellidos)} recibirá un correo en ${created.email} para crear su contraseña.`
            : `${fullName(created.nombre, created.apellidos)} recibirá en ${created.email} el correo para crear su contraseña. ${created.invitaciones.mensaje}`}{' '}
          <Anchor component={Link} to={`/dashboard/users/${created.id}`} fw={600}>
            Ver ficha de {created.nombre}
          </Anchor>
        </Alert>
      )}
      <SectionCard>
        <form onSubmit={form.handleSubmit(submit)} noValidate aria-label="Registrar usuario">
          <UserFields form={form} />
          <div className={grid.actions}>
            <Button variant="default" onClick={() => form.reset(emptyUserForm())} disabled={mutation.isPending}>
              Limpiar
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Registrar usuario
            </Button>
          </div>
        </form>
      </SectionCard>
    </>
  );
}

function BulkRegistration() {
  const token = useToken();
  const client = useQueryClient();
  // What the last commit said about its invitations (the daily maximum, an unconfirmed company e-mail).
  const [invitations, setInvitations] = useState<EnvioInvitaciones | null>(null);
  const commit = async (file: File) => {
    const result = await commitBulkUsers(token, file);
    setInvitations(result.invitaciones ?? null);
    return result;
  };
  return (
    <BulkUpload
      entity="usuarios"
      keyLabel="RUT"
      templates={USER_TEMPLATES}
      preview={(file) => previewBulkUsers(token, file)}
      commit={commit}
      // The users' key holds the invitations' status too (components/invitations-banner).
      onCommitted={() => void client.invalidateQueries({ queryKey: userKeys.all })}
      doneExtra={
        <>
          {invitations?.mensaje && <Text size="sm" mb="xs">{invitations.mensaje}</Text>}
          <Anchor component={Link} to="/dashboard/users" fw={600}>
            Ver la lista de usuarios
          </Anchor>
        </>
      }
    />
  );
}

/** `/dashboard/users/register`: one user by form, or many from a spreadsheet (`?tab=masivo`). */
export function RegisterUserPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'masivo' ? 'masivo' : 'individual';
  return (
    <EsDatesProvider>
      <PageHeader
        title="Registrar usuario"
        description="Sin contraseña: cada persona recibe un correo para crearla (el enlace vence en 72 horas)."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Usuarios', to: '/dashboard/users' }, { label: 'Registrar' }]}
      />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'masivo' ? { tab: 'masivo' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg" aria-label="Forma de registro">
          <Tabs.Tab value="individual">Un usuario</Tabs.Tab>
          <Tabs.Tab value="masivo">Carga masiva</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="individual">
          <SingleRegistration />
        </Tabs.Panel>
        <Tabs.Panel value="masivo">
          <BulkRegistration />
        </Tabs.Panel>
      </Tabs>
    </EsDatesProvider>
  );
}
