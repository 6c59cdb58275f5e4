import { Bounce, ToastContainer, toast } from 'react-toastify/unstyled';
// The stylesheet as a file (not the default build's runtime <style> injection) keeps a strict CSP simple.
import 'react-toastify/ReactToastify.css';

export { toast };

/** The spec's toast settings (section 9). */
export default function AppToastContainer() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      theme="light"
      transition={Bounce}
      newestOnTop
      closeOnClick={false}
    />
  );
}
