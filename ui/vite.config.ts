import { defineConfig } from 'vitest/config';

// Vite 8 transforms TS/JSX with oxc (the successor of its esbuild step):
// the automatic runtime from preact, so no preset plugin is needed.
export default defineConfig({
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The webview supports modulepreload; the polyfill would only add code.
    modulePreload: { polyfill: false },
  },
  server: { port: 1420, strictPort: true },
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
  },
});
