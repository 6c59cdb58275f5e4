import { FingerprintMarkButton } from '../features/fingerprint';
import { WebMarkingPage } from '../features/web-marking';

/**
 * Web marking with the fingerprint action: the two features meet here, in the app, so neither
 * imports the other. The fingerprint button marks the next expected kind and hands its receipt back
 * to the page (it hides itself where the browser has no WebAuthn).
 */
export function WebMarkingRoute() {
  return (
    <WebMarkingPage
      fingerprintAction={({ tipo, getPosition, newClientId, onRecorded }) => (
        <FingerprintMarkButton
          tipo={tipo}
          getPosition={getPosition}
          idCliente={newClientId}
          onMarked={(result) => {
            if (result.marca && result.comprobante) onRecorded({ marca: result.marca, comprobante: result.comprobante });
          }}
        />
      )}
    />
  );
}
