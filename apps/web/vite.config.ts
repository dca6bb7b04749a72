import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server serves apps/web/dist in production; in development Vite serves the app and
// hands /api to the API server, so the browser sees one origin in both cases.
const api = { '/api': { target: 'http://127.0.0.1:3000' } };

export default defineConfig({
  plugins: [react()],
  server: { proxy: api },
  preview: { proxy: api },
  build: { target: 'es2022', sourcemap: false },
});
