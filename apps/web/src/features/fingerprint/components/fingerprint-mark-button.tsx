import '@mantine/core/styles/Button.css';
import { Button, type ButtonProps } from '@mantine/core';
import { TIPO_MARCA_LABELS, type Posicion, type ResultadoMarca, type TipoMarca } from '@jornada/contracts';
import { notify } from '../../../lib/toasts';
import { useFingerprintMark } from '../hooks/use-fingerprint-mark';

interface FingerprintMarkButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  tipo: TipoMarca;
  /** Called right before marking, to take the position at that moment (optional). */
  getPosition?: () => Promise<Posicion | undefined>;
  idCliente?: () => string;
  onMarked?: (result: ResultadoMarca) => void;
}

/** "Marcar <tipo> con huella": one click, the device asks for the finger, the server records the mark. */
export function FingerprintMarkButton({ tipo, getPosition, idCliente, onMarked, children, ...props }: FingerprintMarkButtonProps) {
  const fingerprint = useFingerprintMark({ onMarked });
  if (!fingerprint.supported) return null;
  const onClick = async () => {
    try {
      const posicion = getPosition ? await getPosition() : undefined;
      const result = await fingerprint.mark({ tipo, posicion, idCliente: idCliente?.() });
      if (result.registrada) notify.success(`${TIPO_MARCA_LABELS[tipo]} registrada con huella.`);
      else notify.info(result.mensaje);
    } catch {
      // The hook keeps the message; show it too.
    }
  };
  return (
    <>
      <Button variant="light" {...props} loading={fingerprint.pending} onClick={() => void onClick()}>
        {children ?? `Marcar ${TIPO_MARCA_LABELS[tipo].toLowerCase()} con huella`}
      </Button>
      {fingerprint.error && (
        <p role="alert" style={{ color: 'var(--mantine-color-red-8)', margin: '4px 0 0', fontSize: 14 }}>
          {fingerprint.error}
        </p>
      )}
    </>
  );
}
