import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The built app lands in web/dist, which `npm start` serves with a history-mode fallback.
// `npx vite` (dev) proxies the API, including the /api/live WebSocket, to a running `npm start`.
const apiTarget = process.env.GHG_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      // rewriteWsOrigin: /api/live accepts only pages of its own origin (or PUBLIC_URL's), and the
      // proxy already presents itself as the target's host.
      '/api': { target: apiTarget, changeOrigin: true, ws: true, rewriteWsOrigin: true },
    },
  },
});
