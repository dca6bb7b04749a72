import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server serves apps/web/dist in production; in development Vite serves the app and
// hands /api to the API server, so the browser sees one origin in both cases.
const api = { '/api': { target: 'http://127.0.0.1:3000' } };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    target: isSsrBuild ? 'node20' : 'es2022',
    sourcemap: false,
    // The server render reads the manifest to link each rendered screen's CSS and code.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // React, React Router and TanStack Query in one chunk: every page runs them all, and since the
    // app is a dynamic import of the entry (main.tsx) the bundler would otherwise cut them into
    // several chunks that compress worse (4 KB gzip more for '/').
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            advancedChunks: {
              groups: [
                {
                  name: 'framework',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
                },
              ],
            },
          },
        },
  },
  // The server bundle runs React's production build whatever NODE_ENV the API has.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  // The server bundle carries its dependencies, so it runs wherever WEB_DIST_DIR puts it.
  ssr: { noExternal: true, target: 'node' },
}));
