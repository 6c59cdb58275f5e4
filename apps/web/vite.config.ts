import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API runs on API_PORT during `npm run dev`; Vite proxies /api to it.
const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  plugins: [react()],
  // dist/.vite/manifest.json: scripts/bundle-size.mjs reads the sign-in page's static imports from it.
  build: { manifest: true },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
