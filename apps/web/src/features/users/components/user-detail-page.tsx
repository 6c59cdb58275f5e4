import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Tabs.css';
import { Alert, Badge, Button, Drawer, PasswordInput, Tabs, Text, Textarea } from '@mantine/core';
import { METODO_MARCAJE_LABELS, MODO_DERECHO_ALIMENTACION_LABELS, PRINCIPAL_OWN_FIELDS, type Usuario } from '@jornada/contracts';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, ErrorState } from '../../../components/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { EsDatesProvider } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatClp, formatDate, formatDateTime, fullName, perfilLabel } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { useDeactivateUser } from '../api/deactivate-user';
import { useUser } from '../api/get-user';
import { useReactivateUser } from '../api/reactivate-user';
import { useTransferPrincipal } from '../api/transfer-principal';
import { useUpdateUser } from '../api/update-user';
import { toBody, updateUserResolver, USER_FIELD_NAMES, userToForm, type UserFormValues } from '../hooks/user-form';
import { UserFields } from './user-fields';
import { StatusBadge } from './users-page';
import grid from '../../../components/form-grid.module.css';
import classes from './user-detail-page.module.css';

function todayIso(): string {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** The exceptional schedule in force, and whether it is the worker's own or their group's: «7x7 · Res. 123 (por su grupo Bodega)». */
function jornadaExcepcionalText(user: Pick<Usuario, 'jornadaExcepcional' | 'grupo'>): string {
  const j = user.jornadaExcepcional;
  if (!j) return 'Ninguna: límites ordinarios';
  if (j.origen === 'trabajador') return j.nombre;
  return user.grupo ? `${j.nombre} (por su grupo ${user.grupo.nombre})` : `${j.nombre} (por su grupo)`;
}

/** « desde el 01-03-2026 hasta el 30-06-2026», or nothing when the exception covers the whole contract. */
function exceptionDates(desde: string | null, hasta: string | null): string {
  return `${desde ? ` desde el ${formatDate(desde)}` : ''}${hasta ? ` hasta el ${formatDate(hasta)}` : ''}`;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.field}>
      <dt>{label}</dt>
      <dd>{children || '—'}</dd>
    </div>
  );
}

function EditDrawer({ user, opened, onClose }: { user: Usuario; opened: boolean; onClose: () => void }) {
  const session = useSession();
  const mutation = useUpdateUser(user.id);
  const form = useForm<UserFormValues>({ values: userToForm(user), resolver: updateUserResolver, mode: 'onTouched' });
  // An administrator's RUT and e-mail recover and open the account: only they change them, with their password.
  const administrator = user.perfil === 'administrador';
  const self = user.id === session.user._id;
  const [passwordActual, setPasswordActual] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [email, rut] = form.watch(['email', 'rut']);
  const identityChanged = email.trim().toLowerCase() !== user.email || rut.replace(/[.\s]/g, '').toUpperCase() !== user.rut.replace(/[.\s]/g, '').toUpperCase();
  const askPassword = administrator && self && identityChanged;
  // The principal's identity, e-mails and contract are theirs alone: another administrator neither edits nor sends them.
  const principalLocked = user.principal && !self;
  const submit = async (values: UserFormValues) => {
    const body: Partial<ReturnType<typeof toBody>> = toBody(values);
    if (principalLocked) for (const key of PRINCIPAL_OWN_FIELDS) delete body[key];
    // The principal administrator's perfil cannot change; do not send it.
    const { perfil, ...rest } = body;
    setPasswordError(null);
    try {
      await mutation.mutateAsync({ ...(user.principal ? rest : { ...rest, perfil }), ...(askPassword ? { passwordActual } : {}) });
      notify.success('Cambios guardados.');
      setPasswordActual('');
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields?.passwordActual) setPasswordError(error.fields.passwordActual);
      applyServerErrors(error, form.setError, USER_FIELD_NAMES);
    }
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title={`Editar a ${fullName(user.nombre, user.apellidos)}`}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <EsDatesProvider>
        <form onSubmit={form.handleSubmit(submit)} noValidate aria-label="Editar usuario">
          <UserFields
            form={form}
            perfilLocked={user.principal}
            identityLocked={administrator && !self}
            principalLocked={principalLocked}
            afterIdentity={
              askPassword && (
                <PasswordInput
                  label="Tu contraseña actual"
                  description="Para cambiar tu correo o tu RUT. Avisaremos del cambio a tu correo anterior."
                  autoComplete="current-password"
                  withAsterisk
                  value={passwordActual}
                  onChange={(event) => setPasswordActual(event.currentTarget.value)}
                  error={passwordError}
                />
              )
            }
          />
          <div className={grid.actions}>
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Guardar cambios
            </Button>
          </div>
        </form>
      </EsDatesProvider>
    </Drawer>
  );
}

function FiniquitoDialog({ user, opened, onClose }: { user: Usuario; opened: boolean; onClose: () => void }) {
  const mutation = useDeactivateUser(user.id);
  const [date, setDate] = useState<string | null>(todayIso());
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const confirm = async () => {
    if (!date) {
      setFieldError('Ingresa el último día trabajado.');
      return;
    }
    setFieldError(null);
    try {
      await mutation.mutateAsync({ finContrato: date, motivo: reason.trim() || null });
      notify.success(`${fullName(user.nombre, user.apellidos)} quedó desactivado desde el ${formatDate(date)}.`);
      onClose();
    } catch (error) {
      const message = error instanceof ApiError && error.fields?.finContrato ? error.fields.finContrato : null;
      if (message) setFieldError(message);
      else notify.error(errorMessage(error));
    }
  };
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title="Desactivar por finiquito"
      message={`${fullName(user.nombre, user.apellidos)} no podrá ingresar ni marcar desde el día siguiente a esta fecha. Sus marcas y registros se conservan.`}
      confirmLabel="Desactivar usuario"
      danger
      loading={mutation.isPending}
      onConfirm={confirm}
    >
      <EsDatesProvider>
        <DateField
          label="Fin de contrato"
          name="finContrato"
          description="Último día trabajado (hoy o antes)"
          value={date}
          onChange={setDate}
          maxDate={todayIso()}
          error={fieldError}
          withAsterisk
        />
        <Textarea label="Motivo" name="motivo" description="Opcional" mt="md" autosize minRows={2} value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
      </EsDatesProvider>
    </ConfirmDialog>
  );
}

function ReactivateDialog({ user, opened, onClose }: { user: Usuario; opened: boolean; onClose: () => void }) {
  const mutation = useReactivateUser(user.id);
  const [date, setDate] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const confirm = async () => {
    try {
      await mutation.mutateAsync({ finContrato: date });
      notify.success(`${fullName(user.nombre, user.apellidos)} está activo otra vez.`);
      onClose();
    } catch (error) {
      const message = error instanceof ApiError && error.fields?.finContrato ? error.fields.finContrato : null;
      if (message) setFieldError(message);
      else notify.error(errorMessage(error));
    }
  };
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title="Reactivar usuario"
      message={`${fullName(user.nombre, user.apellidos)} podrá volver a ingresar y marcar.`}
      confirmLabel="Reactivar usuario"
      loading={mutation.isPending}
      onConfirm={confirm}
    >
      <EsDatesProvider>
        <DateField
          label="Nuevo fin de contrato"
          name="finContrato"
          description="Déjalo vacío si el contrato es indefinido"
          value={date}
          onChange={setDate}
          minDate={todayIso()}
          error={fieldError}
        />
      </EsDatesProvider>
    </ConfirmDialog>
  );
}

/** The principal administrator hands the role to another active administrator, with their own password. */
function TransferPrincipalDialog({ user, opened, onClose }: { user: Usuario; opened: boolean; onClose: () => void }) {
  const mutation = useTransferPrincipal(user.id);
  const [passwordActual, setPasswordActual] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const confirm = async () => {
    setPasswordError(null);
    try {
      await mutation.mutateAsync({ passwordActual });
      notify.success(`${fullName(user.nombre, user.apellidos)} es ahora el administrador principal.`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields?.passwordActual) setPasswordError(error.fields.passwordActual);
      else notify.error(errorMessage(error));
    }
  };
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title="Transferir el rol de administrador principal"
      message={`${fullName(user.nombre, user.apellidos)} pasará a ser el administrador principal: solo él podrá cambiar sus propios datos de identidad, contrato y correo, y nadie podrá desactivarlo. Tú seguirás como administrador.`}
      confirmLabel="Transferir rol"
      loading={mutation.isPending}
      onConfirm={confirm}
    >
      <PasswordInput
        label="Tu contraseña actual"
        autoComplete="current-password"
        withAsterisk
        value={passwordActual}
        onChange={(event) => setPasswordActual(event.currentTarget.value)}
        error={passwordError}
      />
    </ConfirmDialog>
  );
}

/**
 * A tab of a person's record beside «Datos». The app shell gives them (features do not import each
 * other): each one renders a panel of the feature that owns its data, and only when it is opened.
 */
export interface RecordTab {
  /** Its value in the address, `?pestana=<value>`: lowercase, no accents. */
  value: string;
  label: string;
  /** Whether this record shows the tab; `own` when it is the viewer's own record. Always, without it. */
  shows?: (user: Usuario, own: boolean) => boolean;
  render: (user: Usuario, own: boolean) => ReactNode;
}

const DATA_TAB = 'datos';
const NO_TABS: readonly RecordTab[] = [];

/**
 * `/dashboard/users/:id` (and `/dashboard/users/me`): a user's data; the administrator edits, deactivates
 * and reactivates. With `tabs`, the record has a tab per area besides «Datos», the one chosen kept in the
 * address (`?pestana=asistencia`), so a link or a reload opens it again.
 */
export function UserDetailPage({ tabs = NO_TABS }: { tabs?: readonly RecordTab[] }) {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const session = useSession();
  const own = params.id === 'me';
  const id = own ? session.user._id : (params.id ?? '');
  const query = useUser(id);
  const tabList = useRef<HTMLDivElement>(null);
  const pestana = search.get('pestana');
  const loaded = query.isSuccess;
  // On a phone the tabs may not all fit: bring the chosen one (from a link, say) into view.
  useEffect(() => {
    const list = tabList.current;
    const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!list || !tab) return;
    const outer = list.getBoundingClientRect();
    const inner = tab.getBoundingClientRect();
    if (inner.left < outer.left || inner.right > outer.right) list.scrollLeft += inner.left - outer.left - 8;
  }, [pestana, loaded]);
  const isAdmin = session.user.perfil === 'administrador';
  // Whether the viewer is the principal administrator (the session does not say; their own record does).
  const viewer = useUser(isAdmin && !own ? session.user._id : '');
  const [dialog, setDialog] = useState<'edit' | 'finiquito' | 'reactivar' | 'transferir' | null>(null);
  const close = () => setDialog(null);
  const crumbs = isAdmin || session.user.perfil === 'supervisor' ? [{ label: 'Inicio', to: '/dashboard' }, { label: 'Usuarios', to: '/dashboard/users' }] : [{ label: 'Inicio', to: '/dashboard' }];

  if (query.isPending) {
    return (
      <>
        <PageHeader title={own ? 'Mis datos' : 'Usuario'} breadcrumbs={crumbs} />
        <SectionCard>
          <BlockSkeleton lines={6} label="Cargando usuario" />
        </SectionCard>
      </>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <PageHeader title={own ? 'Mis datos' : 'Usuario'} breadcrumbs={crumbs} />
        <SectionCard>
          {missing ? (
            <ErrorState title="No encontramos este usuario" error={query.error} />
          ) : (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          )}
          {missing && (
            <div className={classes.center}>
              {/* Back to where the viewer may go: the users list is for administradores and supervisores. */}
              {isAdmin || session.user.perfil === 'supervisor' ? (
                <Button component={Link} to="/dashboard/users" variant="light">
                  Volver a usuarios
                </Button>
              ) : (
                <Button component={Link} to="/dashboard" variant="light">
                  Volver al inicio
                </Button>
              )}
            </div>
          )}
        </SectionCard>
      </>
    );
  }

  const user = query.data;
  const name = fullName(user.nombre, user.apellidos);
  const data = (
    <>
      <div className={classes.cards}>
        <SectionCard title="Datos personales">
          <dl className={classes.list}>
            <Field label="RUT">{user.rut}</Field>
            <Field label="Correo electrónico">{user.email}</Field>
            <Field label="Correo personal para comprobantes">{user.emailPersonal}</Field>
            <Field label="Teléfono">{user.telefono}</Field>
            <Field label="Dirección">{user.direccion}</Field>
          </dl>
        </SectionCard>
        <SectionCard title="Contrato y jornada">
          <dl className={classes.list}>
            <Field label="Perfil">{perfilLabel(user.perfil)}</Field>
            <Field label="Sede">{user.sede?.nombre}</Field>
            <Field label="Grupo">{user.grupo?.nombre}</Field>
            {user.gruposLiderados.length > 0 && <Field label="Lidera">{user.gruposLiderados.map((g) => g.nombre).join(', ')}</Field>}
            <Field label="Horas semanales">{user.horasSemanales !== null ? `${user.horasSemanales.toLocaleString('es-CL')} h` : ''}</Field>
            <Field label="Sueldo base">{formatClp(user.sueldoBase)}</Field>
            <Field label="Número de contrato">{user.numeroContrato ?? '1'}</Field>
            <Field label="Limitación de jornada">
              {user.excluidoLimiteJornada ? 'Excluido (art. 22 inc. 2): sin límite de horas, atrasos ni horas extra; sus marcas se registran' : 'Afecto a la jornada pactada'}
            </Field>
            <Field label="Jornada excepcional (art. 38)">{jornadaExcepcionalText(user)}</Field>
            <Field label="Jornada promedio (art. 22 bis)">
              {user.jornadaPromedio
                ? `Ciclos de ${user.jornadaPromedio.semanasCiclo} semanas desde el ${formatDate(user.jornadaPromedio.desde)}${user.jornadaPromedio.hasta ? ` hasta el ${formatDate(user.jornadaPromedio.hasta)}` : ''}: la planificación y lo trabajado se revisan contra el promedio del ciclo; horas extra y atrasos, por ciclo`
                : 'Sin pacto: cada semana por separado'}
            </Field>
            <Field label="Banda de inicio flexible (art. 27)">
              {user.bandaInicioFlexibleMinutos ? `${user.bandaInicioFlexibleMinutos} min después del inicio del turno; la salida se corre lo mismo` : 'Sin banda'}
            </Field>
            <Field label="Derecho a alimentación (art. 206)">
              {user.derechoAlimentacionHasta
                ? `Hasta el ${formatDate(user.derechoAlimentacionHasta)}: ${MODO_DERECHO_ALIMENTACION_LABELS[user.derechoAlimentacionModo].toLowerCase()}`
                : 'Sin derecho'}
            </Field>
            <Field label="Descanso dominical">
              {user.exceptuadoDescansoDominical
                ? `Exceptuado (art. 38)${exceptionDates(user.exceptuadoDescansoDominicalDesde, user.exceptuadoDescansoDominicalHasta)}: domingos y festivos con recargo dominical`
                : 'Descansa domingos y festivos'}
            </Field>
            <Field label="Métodos de marcaje">{user.metodosMarcaje.map((m) => METODO_MARCAJE_LABELS[m]).join(', ')}</Field>
            <Field label="Inicio de contrato">{formatDate(user.inicioContrato)}</Field>
            <Field label="Fin de contrato">{user.finContrato ? formatDate(user.finContrato) : 'Indefinido'}</Field>
            <Field label="Años con empleadores anteriores (art. 68)">{user.aniosReconocidosAnteriores.toLocaleString('es-CL')}</Field>
          </dl>
        </SectionCard>
      </div>
      <Text size="xs" c="dimmed" mt="md">
        Registrado el {formatDateTime(user.creadoEn)} · última modificación el {formatDateTime(user.actualizadoEn)}
      </Text>
    </>
  );
  const self = user.id === session.user._id;
  const shown = tabs.filter((tab) => tab.shows?.(user, self) ?? true);
  const asked = search.get('pestana');
  const current = shown.some((tab) => tab.value === asked) ? asked! : DATA_TAB;
  const choose = (value: string | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (!value || value === DATA_TAB) next.delete('pestana');
        else next.set('pestana', value);
        // A tab's page and chosen day are its own; the month stays, so each tab shows the same month.
        next.delete('page');
        next.delete('dia');
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <PageHeader
        title={own ? 'Mis datos' : name}
        description={
          <span className={classes.subtitle}>
            <StatusBadge activo={user.activo} /> {perfilLabel(user.perfil)}
            {user.cargo ? ` · ${user.cargo}` : ''}
            {user.principal && (
              <Badge variant="outline" size="sm">
                Administrador principal
              </Badge>
            )}
          </span>
        }
        breadcrumbs={[...crumbs, { label: own ? 'Mis datos' : name }]}
        actions={
          isAdmin && (
            <>
              <Button variant="default" onClick={() => setDialog('edit')}>
                Editar
              </Button>
              {viewer.data?.principal && user.activo && user.perfil === 'administrador' && !user.principal && (
                <Button variant="light" onClick={() => setDialog('transferir')}>
                  Transferir rol principal
                </Button>
              )}
              {user.activo
                ? !user.principal &&
                  user.id !== session.user._id && (
                    <Button color="red" variant="light" onClick={() => setDialog('finiquito')}>
                      Desactivar (finiquito)
                    </Button>
                  )
                : (
                  <Button variant="light" onClick={() => setDialog('reactivar')}>
                    Reactivar
                  </Button>
                )}
            </>
          )
        }
      />
      {!user.activo && (
        <Alert color="gray" variant="light" mb="lg" title="Usuario inactivo">
          {user.desactivadoEn ? `Desactivado el ${formatDateTime(user.desactivadoEn)}` : 'Su contrato terminó'}
          {user.finContrato ? `; último día trabajado: ${formatDate(user.finContrato)}` : ''}.
          {user.motivoDesactivacion ? ` Motivo: ${user.motivoDesactivacion}.` : ''} No puede ingresar ni marcar; sus registros se conservan.
        </Alert>
      )}
      {user.activo && !user.claveDefinida && (
        <Alert color="sol" variant="light" mb="lg" title="Contraseña pendiente">
          {user.nombre} aún no crea su contraseña con el enlace que enviamos a {user.email}.
        </Alert>
      )}
      {shown.length === 0 ? (
        data
      ) : (
        <Tabs value={current} onChange={choose} keepMounted={false}>
          <Tabs.List ref={tabList} aria-label={self ? 'Secciones de mis datos' : `Secciones de la ficha de ${name}`} className={classes.tabs}>
            <Tabs.Tab value={DATA_TAB}>Datos</Tabs.Tab>
            {shown.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={DATA_TAB}>{data}</Tabs.Panel>
          {shown.map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value}>
              <Suspense
                fallback={
                  <SectionCard>
                    <BlockSkeleton lines={6} label={`Cargando ${tab.label.toLowerCase()}`} />
                  </SectionCard>
                }
              >
                {tab.render(user, self)}
              </Suspense>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      {isAdmin && (
        <>
          <EditDrawer user={user} opened={dialog === 'edit'} onClose={close} />
          {dialog === 'finiquito' && <FiniquitoDialog user={user} opened onClose={close} />}
          {dialog === 'reactivar' && <ReactivateDialog user={user} opened onClose={close} />}
          {dialog === 'transferir' && <TransferPrincipalDialog user={user} opened onClose={close} />}
        </>
      )}
    </>
  );
}
