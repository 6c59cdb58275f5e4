import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { TIPOS_MARCA, TIPO_MARCA_LABELS, type ResultadoMarca, type TipoMarca } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FullScreenLoader } from '../../../components/full-screen-loader';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { webauthnErrorMessage, webauthnSupported } from '../../../lib/webauthn';
import { kioskSession, markWithFingerprint, markWithPin } from '../api/device';
import { kioskKeys } from '../api/keys';
import { kioskDeviceToken } from '../device-token';
import classes from './kiosk-page.module.css';

/** How long the result stays on screen before the kiosk resets for the next worker. */
const KIOSK_RESULT_MS = 8000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const timeFormat = new Intl.DateTimeFormat('es-CL', { timeZone: 'America/Santiago', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
const dateFormat = new Intl.DateTimeFormat('es-CL', { timeZone: 'America/Santiago', weekday: 'long', day: 'numeric', month: 'long' });

/** `/kiosco`: the full-screen marking device of a site, authenticated by its own kiosk token. */
export function KioskPage() {
  const [token, setToken] = useState(() => kioskDeviceToken.get());
  const session = useQuery({
    queryKey: kioskKeys.session(token),
    queryFn: ({ signal }) => kioskSession(token!, signal),
    enabled: Boolean(token),
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
  });

  if (!token) {
    return (
      <main className={classes.screen}>
        <div className={classes.panel}>
          <Title order={1}>Quiosco de marcaje</Title>
          <Text mt="sm">Este dispositivo no tiene un quiosco abierto. Un administrador debe abrirlo desde «Quioscos» en Jornada.</Text>
          <Button component={Link} to="/" mt="md">
            Ingresar a Jornada
          </Button>
        </div>
      </main>
    );
  }
  if (session.isPending) return <FullScreenLoader />;
  if (session.error) {
    return (
      <main className={classes.screen}>
        <div className={classes.panel}>
          <Title order={1}>Quiosco de marcaje</Title>
          <Alert color="red" mt="md" role="alert">
            {errorMessage(session.error)}
          </Alert>
          <Button
            mt="md"
            variant="light"
            onClick={() => {
              kioskDeviceToken.clear();
              setToken(null);
            }}
          >
            Olvidar este quiosco
          </Button>
        </div>
      </main>
    );
  }
  return <KioskMarking token={token} session={session.data} />;
}

type Step = { name: 'kind' } | { name: 'identify'; tipo: TipoMarca } | { name: 'result'; result: ResultadoMarca; tipo: TipoMarca };

function KioskMarking({ token, session }: { token: string; session: { nombre: string; empresa: string; sede: { nombre: string; direccion: string } } }) {
  const now = useNow();
  const [step, setStep] = useState<Step>({ name: 'kind' });
  const [rut, setRut] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** A PIN mark the server holds back until the worker confirms it: they have a whole-day permission today. */
  const [onLeave, setOnLeave] = useState<{ message: string; tipo: TipoMarca; idCliente: string } | null>(null);
  const fingerprint = webauthnSupported();

  const reset = () => {
    setStep({ name: 'kind' });
    setRut('');
    setPin('');
    setError(null);
    setOnLeave(null);
  };

  useEffect(() => {
    if (step.name !== 'result') return;
    const timer = setTimeout(reset, KIOSK_RESULT_MS);
    return () => clearTimeout(timer);
  }, [step]);

  const run = async (tipo: TipoMarca, action: () => Promise<ResultadoMarca>, idCliente?: string) => {
    setBusy(true);
    setError(null);
    try {
      const result = await action();
      setPin('');
      setOnLeave(null);
      setStep({ name: 'result', result, tipo });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'MARCA_EN_PERMISO' && idCliente) {
        setOnLeave({ message: failure.message, tipo, idCliente });
        return;
      }
      setPin('');
      setError(failure instanceof Error && !(failure instanceof ApiError) && failure.name !== 'NetworkError' ? webauthnErrorMessage(failure) : errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={classes.screen}>
      <header className={classes.header}>
        <div>
          <Text fw={700} size="xl">
            {session.empresa}
          </Text>
          <Text c="dimmed">
            {session.sede.nombre} · {session.nombre}
          </Text>
        </div>
        <div style={{ textAlign: 'right' }}>
          <div className={classes.clock} aria-label="Hora actual">
            {timeFormat.format(now)}
          </div>
          <Text c="dimmed">{dateFormat.format(now)}</Text>
        </div>
      </header>

      {step.name === 'kind' && (
        <section aria-labelledby="kiosk-kind">
          <Title order={1} id="kiosk-kind" mb="md">
            ¿Qué vas a marcar?
          </Title>
          <div className={classes.kinds}>
            {TIPOS_MARCA.map((tipo) => (
              <Button key={tipo} className={classes.kind} size="xl" variant={tipo === 'entrada' || tipo === 'salida' ? 'filled' : 'light'} onClick={() => setStep({ name: 'identify', tipo })}>
                {TIPO_MARCA_LABELS[tipo]}
              </Button>
            ))}
          </div>
        </section>
      )}

      {step.name === 'identify' && (
        <section className={classes.panel} aria-labelledby="kiosk-identify">
          <Title order={1} id="kiosk-identify" mb="md">
            Marcar {TIPO_MARCA_LABELS[step.tipo].toLowerCase()}
          </Title>
          {error && (
            <Alert color="red" role="alert" mb="md">
              {error}
            </Alert>
          )}
          <Stack gap="lg">
            {fingerprint && (
              <Button size="xl" loading={busy} onClick={() => void run(step.tipo, () => markWithFingerprint(token, step.tipo, crypto.randomUUID()))}>
                Marcar con huella
              </Button>
            )}
            <form
              aria-label="Marcar con RUT y PIN"
              onSubmit={(event) => {
                event.preventDefault();
                const idCliente = crypto.randomUUID();
                void run(step.tipo, () => markWithPin(token, { rut, pin, tipo: step.tipo, idCliente }), idCliente);
              }}
            >
              <Stack gap="sm">
                <Text fw={600}>{fingerprint ? 'O con tu RUT y PIN' : 'Con tu RUT y PIN'}</Text>
                <TextInput label="RUT" name="rut" size="lg" value={rut} onChange={(e) => setRut(e.currentTarget.value)} autoComplete="off" placeholder="12.345.678-5" />
                <PasswordInput label="PIN" name="pin" size="lg" value={pin} onChange={(e) => setPin(e.currentTarget.value)} inputMode="numeric" autoComplete="off" maxLength={6} />
                <Button type="submit" size="xl" variant="light" loading={busy} disabled={!rut.trim() || pin.length < 4}>
                  Marcar
                </Button>
              </Stack>
            </form>
            <Button variant="subtle" size="lg" onClick={reset}>
              Volver
            </Button>
          </Stack>
        </section>
      )}

      {step.name === 'result' && <KioskResult result={step.result} tipo={step.tipo} onDone={reset} />}

      <ConfirmDialog
        opened={onLeave !== null}
        onClose={reset}
        title="¿Marcar de todos modos?"
        message={onLeave?.message}
        cancelLabel="No marcar"
        confirmLabel={onLeave ? `Marcar ${TIPO_MARCA_LABELS[onLeave.tipo].toLowerCase()}` : 'Marcar'}
        loading={busy}
        onConfirm={() => {
          if (!onLeave) return;
          const { tipo, idCliente } = onLeave;
          void run(tipo, () => markWithPin(token, { rut, pin, tipo, idCliente, confirmarPermiso: true }));
        }}
      />
    </main>
  );
}

function KioskResult({ result, tipo, onDone }: { result: ResultadoMarca; tipo: TipoMarca; onDone: () => void }) {
  const c = result.comprobante;
  return (
    <section className={`${classes.panel} ${classes.result}`} role="status" aria-label={result.registrada ? 'Marca registrada' : 'Marca no registrada'}>
      {result.trabajador && <div className={classes.resultName}>{result.trabajador.nombre}</div>}
      <Title order={1} mt="sm" c={result.registrada ? 'jornada.8' : 'red.8'}>
        {result.registrada ? `${TIPO_MARCA_LABELS[tipo]} registrada` : 'Marca no registrada'}
      </Title>
      {result.registrada && c ? (
        <Stack gap={4} mt="md">
          <Text size="xl">
            {c.fecha} a las {c.hora}
          </Text>
          <Text>{c.lugarTrabajo.nombre ? `${c.lugarTrabajo.nombre}, ${c.lugarTrabajo.direccion}` : c.lugarTrabajo.direccion}</Text>
          <Text size="sm" c="dimmed">
            Comprobante {c.hash.slice(0, 12)}… · te lo enviamos por correo
          </Text>
        </Stack>
      ) : (
        <Text size="lg" mt="md">
          {result.mensaje}
        </Text>
      )}
      <Button mt="lg" size="lg" onClick={onDone}>
        Listo
      </Button>
    </section>
  );
}
