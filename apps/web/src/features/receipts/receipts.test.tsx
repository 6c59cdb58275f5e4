import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockRoutes, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { ReceiptPage } from '.';
import { RECEIPT } from '../../test/receipt-fixture';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('receipt page', () => {
  it('shows the receipt, prints it and downloads the PDF with the session', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { calls } = mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/marcas/m1/comprobante': () => ({ body: RECEIPT }),
      'GET /v1/marcas/m1/comprobante.pdf': () => new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderPage(<ReceiptPage />, { path: '/dashboard/comprobantes/m1', routePath: '/dashboard/comprobantes/:id' });
    expect(await screen.findByRole('heading', { name: 'Comprobante de marca de asistencia' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Datos del comprobante' })).toHaveTextContent('Camila Rojas Fuentes');
    expect(screen.getByRole('link', { name: RECEIPT.urlVerificacion })).toHaveAttribute('href', `/verificar/${RECEIPT.hash}`);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    const pdf = await vi.waitFor(() => {
      const call = calls.find((c) => c.path === '/v1/marcas/m1/comprobante.pdf');
      if (!call) throw new Error('sin descarga');
      return call;
    });
    expect(pdf.headers.get('authorization')).toBe('Bearer tok-1');
  });

  it('says when the receipt is not theirs or does not exist', async () => {
    mockRoutes({ ...signedInAs('trabajador'), 'GET /v1/marcas/otra/comprobante': () => apiError(404, 'NOT_FOUND', 'La marca no existe.') });
    renderPage(<ReceiptPage />, { path: '/dashboard/comprobantes/otra', routePath: '/dashboard/comprobantes/:id' });
    expect(await screen.findByText('No encontramos este comprobante')).toBeInTheDocument();
    expect(screen.getByText('La marca no existe.')).toBeInTheDocument();
  });
});
