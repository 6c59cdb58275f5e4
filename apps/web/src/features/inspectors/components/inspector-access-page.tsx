import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Anchor, Button, Loader, PasswordInput, Skeleton, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ingresoFiscalizacionBodySchema,
  solicitarClaveBodySchema,
  type IngresoFiscalizacionBody,
  type SesionFiscalizacion,
  type SolicitarClaveBody,
} from '@jornada/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FocusEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatRutForDisplay } from '../../../lib/format';
import { useSession, useSessionStore } from '../../../lib/session';
import {
  enterEmployerSession,
  inspectorToken,
  useChooseEmployer,
  useEmployerSearch,
  useInspectorSession,
  useInspectorSignIn,
  useInspectorSignOut,
  useRequestKey,
} from '../api/inspector-access';
import { inspectorKeys } from '../api/keys';
import classes from './inspector-access-page.module.css';

type Step = 1 | 2 | 3;
const STEP_LABELS = ['Solicitar clave', 'Ingresar con la clave', 'Elegir empleador'] as const;

const deadline = new Intl.DateTimeFormat('es-CL', {
  timeZone: 'America/Santiago',
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** "el sábado 07/06/2025 a las 23:59" for the key's end (an exclusive instant: its last minute is shown). */
export function keyDeadline(iso: string): string {
  const p = Object.fromEntries(deadline.formatToParts(new Date(Date.parse(iso) - 1000)).map((part) => [part.type, part.value]));
  return `el ${p.weekday} ${p.day}/${p.month}/${p.year} a las ${p.hour}:${p.minute}`;
}

function failureText(error: unknown): string {
  if (error instanceof NetworkError) return 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';
  return error instanceof Error ? error.message : 'Ocurrió un error inesperado. Inténtalo de nuevo.';
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <header className={classes.top}>
        <Link to="/" className={classes.brand} aria-label="Jornada, ir al inicio de sesión">
          <Logo size={32} />
        </Link>
        <Anchor component={Link} to="/" size="sm">
          Ingreso de empresas
        </Anchor>
      </header>
      <main className={classes.main}>{children}</main>
    </div>
  );
}

function Steps({ current }: { current: Step }) {
  return (
    <ol className={classes.steps} aria-label="Pasos del acceso">
      {STEP_LABELS.map((label, index) => {
        const n = (index + 1) as Step;
        const state = n < current ? classes.stepDone : n === current ? classes.stepCurrent : '';
        return (
          <li key={label} className={`${classes.step} ${state}`} aria-current={n === current ? 'step' : undefined}>
            {label}
            {n < current && <VisuallyHidden component="span"> (listo)</VisuallyHidden>}
          </li>
        );
      })}
    </ol>
  );
}

const REQUEST_FIELDS = ['email', 'nombre', 'apellidos', 'rut'] as const;

function RequestKeyStep({ onSent, onHaveKey }: { onSent: (email: string, message: string) => void; onHaveKey: () => void }) {
  const mutation = useRequestKey();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<SolicitarClaveBody>({ resolver: zodResolver(solicitarClaveBodySchema), defaultValues: { email: '', nombre: '', apellidos: '', rut: '' } });
  const rutField = register('rut', { onBlur: (event: FocusEvent<HTMLInputElement>) => setValue('rut', formatRutForDisplay(event.target.value)) });

  const submit = handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (message) => onSent(body.email, message),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) applyServerErrors(error, setError, REQUEST_FIELDS);
      },
    }),
  );

  return (
    <section aria-labelledby="paso-1">
      <Title order={2} size="h3" id="paso-1" mb={4}>
        Solicita tu clave temporal
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        Te enviaremos una clave aleatoria a tu correo institucional. Vale hasta el término del quinto día corrido; si pides otra, la anterior deja de servir.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Solicitar clave temporal">
        <div className={classes.grid}>
          <TextInput
            className={classes.wide}
            label="Correo institucional"
            type="email"
            autoComplete="email"
            description="Debe terminar en @dt.gob.cl"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput label="Nombre" autoComplete="given-name" error={errors.nombre?.message} {...register('nombre')} />
          <TextInput label="Apellidos" autoComplete="family-name" error={errors.apellidos?.message} {...register('apellidos')} />
          <TextInput label="RUT" description="Con o sin puntos, por ejemplo 12.345.678-5" error={errors.rut?.message} {...rutField} />
        </div>
        {mutation.error && !(mutation.error instanceof ApiError && mutation.error.status === 400) && (
          <Alert color="red" variant="light" role="alert" mt="md">
            {failureText(mutation.error)}
          </Alert>
        )}
        <Button type="submit" fullWidth mt="lg" loading={mutation.isPending}>
          Enviar clave a mi correo
        </Button>
        <Button variant="subtle" fullWidth mt="xs" onClick={onHaveKey}>
          Ya tengo una clave
        </Button>
      </form>
    </section>
  );
}

function SignInStep({ email, notice, onSignedIn, onNewKey }: { email: string; notice: string; onSignedIn: (token: string) => void; onNewKey: () => void }) {
  const mutation = useInspectorSignIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<IngresoFiscalizacionBody>({ resolver: zodResolver(ingresoFiscalizacionBodySchema), defaultValues: { email, clave: '' } });

  const submit = handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (answer) => onSignedIn(answer.tokenFiscalizacion),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) applyServerErrors(error, setError, ['email', 'clave']);
      },
    }),
  );

  return (
    <section aria-labelledby="paso-2">
      <Title order={2} size="h3" id="paso-2" mb={4}>
        Ingresa con tu clave
      </Title>
      {notice && (
        <Alert color="jornada" variant="light" title="Revisa tu correo" role="status" mb="md">
          {notice}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Ingresar con la clave temporal">
        <div className={classes.grid}>
          <TextInput className={classes.wide} label="Correo institucional" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <PasswordInput
            className={classes.wide}
            label="Clave temporal"
            description="La del último correo, por ejemplo K7QM-3XHP-W9TD"
            autoComplete="one-time-code"
            classNames={{ innerInput: classes.key }}
            error={errors.clave?.message}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la clave' }}
            {...register('clave')}
          />
        </div>
        {mutation.error && !(mutation.error instanceof ApiError && mutation.error.status === 400) && (
          <Alert color="red" variant="light" role="alert" mt="md">
            {failureText(mutation.error)}
          </Alert>
        )}
        <Button type="submit" fullWidth mt="lg" loading={mutation.isPending}>
          Ingresar
        </Button>
        <Button variant="subtle" fullWidth mt="xs" onClick={onNewKey}>
          Pedir una clave nueva
        </Button>
      </form>
    </section>
  );
}

function EmployerStep({ token, info, onSignOut, signingOut }: { token: string; info: SesionFiscalizacion; onSignOut: () => void; signingOut: boolean }) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const results = useEmployerSearch(token, q);
  const choose = useChooseEmployer(token);
  const { fiscalizador } = info;
  const short = q.length < 3;

  return (
    <section aria-labelledby="paso-3">
      <div className={classes.who}>
        <div>
          <Text fw={700} size="sm">
            {fiscalizador.nombre} {fiscalizador.apellidos}
          </Text>
          <Text size="xs" c="dimmed">
            RUT {fiscalizador.rut} · {fiscalizador.email} · tu clave vence {keyDeadline(info.claveVenceEn)}
          </Text>
        </div>
        <Button variant="default" size="xs" onClick={onSignOut} loading={signingOut}>
          Salir
        </Button>
      </div>
      <Title order={2} size="h3" id="paso-3" mb={4}>
        Elige el empleador
      </Title>
      {info.empleadorActual && (
        <Alert color="jornada" variant="light" mb="md" title={`Estás revisando ${info.empleadorActual.razonSocial}`}>
          Elige otro empleador para cambiar, o{' '}
          <Anchor component={Link} to="/dashboard">
            vuelve a sus registros
          </Anchor>
          .
        </Alert>
      )}
      <TextInput
        label="Razón social o RUT del empleador"
        placeholder="Por ejemplo Panificadora La Espiga o 76.123.456-0"
        type="search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        rightSection={results.isFetching ? <Loader size={16} aria-label="Buscando" /> : null}
      />
      <div aria-live="polite" style={{ marginTop: '1rem' }}>
        {short ? (
          <Text size="sm" c="dimmed">
            Escribe al menos 3 caracteres de la razón social o del RUT.
          </Text>
        ) : results.isPending ? (
          <Skeleton height={56} radius="md" aria-label="Buscando empleadores" />
        ) : results.isError ? (
          <Alert color="red" variant="light" role="alert">
            {failureText(results.error)}{' '}
            <Anchor component="button" type="button" onClick={() => void results.refetch()}>
              Reintentar
            </Anchor>
          </Alert>
        ) : results.data.items.length === 0 ? (
          <Text size="sm">No encontramos empleadores con «{q}». Revisa la razón social o el RUT.</Text>
        ) : (
          <>
            <ul className={classes.results} aria-label="Empleadores encontrados">
              {results.data.items.map((employer) => (
                <li key={employer.id} className={classes.result}>
                  <div className={classes.resultText}>
                    <Text fw={600} size="sm">
                      {employer.razonSocial}
                    </Text>
                    <Text size="xs" c="dimmed">
                      RUT {employer.rut}
                    </Text>
                  </div>
                  <Button
                    size="xs"
                    aria-label={`Acceder a ${employer.razonSocial}`}
                    loading={choose.isPending && choose.variables === employer.id}
                    disabled={choose.isPending && choose.variables !== employer.id}
                    onClick={() => choose.mutate(employer.id, { onSuccess: (answer) => enterEmployerSession(answer) })}
                  >
                    Acceder
                  </Button>
                </li>
              ))}
            </ul>
            {results.data.hayMas && (
              <Text size="sm" c="dimmed" mt="sm">
                Hay más coincidencias: escribe más de la razón social o el RUT completo.
              </Text>
            )}
          </>
        )}
      </div>
      {choose.error && (
        <Alert color="red" variant="light" role="alert" mt="md">
          {failureText(choose.error)}
        </Alert>
      )}
    </section>
  );
}

/**
 * `/fiscalizacion`: the labour inspector's access (DT Res. Ex. 38). 1) an `@dt.gob.cl` address asks for
 * a temporary key; 2) signs in with it; 3) chooses an employer by razón social or RUT, which opens that
 * company's records read-only. Also reached from the dashboard ("Cambiar empleador"): an inspector's
 * employer session goes straight to step 3.
 */
export function InspectorAccessPage() {
  const session = useSession();
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const [signInToken, setSignInToken] = useState(() => inspectorToken.read() ?? '');
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState('');
  const token = signInToken || session.token || '';
  const current = useInspectorSession(token);
  const signOut = useInspectorSignOut(token);

  // A stored sign-in token that no longer works is forgotten (the employer session, if any, is tried next).
  useEffect(() => {
    if (signInToken && current.data === null) {
      inspectorToken.clear();
      setSignInToken('');
    }
  }, [signInToken, current.data]);

  const info = current.data ?? null;
  const viaEmployerSession = Boolean(info) && !signInToken;

  const leave = async () => {
    if (viaEmployerSession) await store.logout();
    else await signOut.mutateAsync().catch(() => undefined);
    inspectorToken.clear();
    setSignInToken('');
    queryClient.removeQueries({ queryKey: inspectorKeys.all });
    setStep(1);
  };

  let body: ReactNode;
  let currentStep: Step = step;
  if (token && current.isPending) {
    body = <Skeleton height={220} radius="md" role="status" aria-label="Cargando tu acceso" />;
  } else if (token && current.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" title="No pudimos revisar tu acceso">
        {failureText(current.error)}{' '}
        <Anchor component="button" type="button" onClick={() => void current.refetch()}>
          Reintentar
        </Anchor>
      </Alert>
    );
  } else if (info) {
    currentStep = 3;
    body = <EmployerStep token={token} info={info} onSignOut={() => void leave()} signingOut={signOut.isPending} />;
  } else if (step === 2) {
    body = (
      <SignInStep
        email={email}
        notice={notice}
        onSignedIn={(next) => {
          inspectorToken.write(next);
          setSignInToken(next);
        }}
        onNewKey={() => {
          setNotice('');
          setStep(1);
        }}
      />
    );
  } else {
    body = (
      <RequestKeyStep
        onSent={(address, message) => {
          setEmail(address);
          setNotice(message);
          setStep(2);
        }}
        onHaveKey={() => setStep(2)}
      />
    );
  }

  return (
    <Shell>
      <div className={classes.card}>
        <Text className={classes.kicker}>Fiscalización</Text>
        <Title order={1} className={classes.title}>
          Acceso para fiscalizadores de la Dirección del Trabajo
        </Title>
        <Steps current={currentStep} />
        {body}
      </div>
      <Text className={classes.legal}>
        Acceso de solo lectura a los registros de asistencia (Res. Ex. N° 38 de 2024 de la Dirección del Trabajo). El empleador recibe un aviso por correo cuando
        accedes, y cada consulta queda registrada con la fecha, la hora, tu correo, tu RUT, el RUT del empleador y tu dirección IP.
      </Text>
    </Shell>
  );
}
