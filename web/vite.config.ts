import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { koreanFontForKoreanOnly } from '../scripts/build/korean-font-faces.js';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  css: { postcss: { plugins: [koreanFontForKoreanOnly] } },
  optimizeDeps: {
    // Pre-bundled at server start: discovering them on the first visit would make Vite reload
    // the page mid-load (and the browser tests flaky).
    include: ['react', 'react/jsx-runtime', 'react-dom/client', 'react-router-dom', 'i18next', 'react-i18next', 'swr', 'zod'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
