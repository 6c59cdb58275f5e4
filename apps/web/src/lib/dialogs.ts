// The build without runtime CSS injection; its stylesheet comes as a file (strict CSP, see docs/web.md).
import Swal from 'sweetalert2/dist/sweetalert2.esm.js';
import 'sweetalert2/dist/sweetalert2.css';
import './dialogs.css';

const BRAND = '#0b7a6e';

interface ErrorDialogOptions {
  title: string;
  text: string;
  /** Extra lines listed under the text (e.g. the server's per-field messages). Rendered as text, never as HTML. */
  details?: string[];
}

function body(text: string, details: string[] = []): HTMLElement {
  const root = document.createElement('div');
  const paragraph = document.createElement('p');
  paragraph.className = 'jornada-swal-text';
  paragraph.textContent = text;
  root.append(paragraph);
  if (details.length > 0) {
    const list = document.createElement('ul');
    list.className = 'jornada-swal-details';
    for (const detail of details) {
      const item = document.createElement('li');
      item.textContent = detail;
      list.append(item);
    }
    root.append(list);
  }
  return root;
}

export async function showErrorDialog({ title, text, details }: ErrorDialogOptions): Promise<void> {
  await Swal.fire({
    icon: 'error',
    title,
    html: body(text, details),
    confirmButtonText: 'Entendido',
    confirmButtonColor: BRAND,
  });
}

interface SuccessDialogOptions {
  title: string;
  text: string;
  confirmText?: string;
}

/** Resolves when the person closes the dialog (button, Esc or click outside). */
export async function showSuccessDialog({ title, text, confirmText = 'Aceptar' }: SuccessDialogOptions): Promise<void> {
  await Swal.fire({
    icon: 'success',
    title,
    html: body(text),
    confirmButtonText: confirmText,
    confirmButtonColor: BRAND,
  });
}
