import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useEffect } from 'react';
import { NotFoundPage } from '../components/not-found-page';

/** The private area's errorElement: any error in it shows the not-found page (spec section 2). */
export function PrivateRouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error) || error.status !== 404) console.error('Error en el área privada:', error);
  }, [error]);
  return <NotFoundPage homePath="/dashboard" homeLabel="Volver al panel" />;
}

/** Public routes: a missing page or a failed chunk load. */
export function PublicRouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error) || error.status !== 404) console.error('Error de la aplicación:', error);
  }, [error]);
  return <NotFoundPage />;
}
