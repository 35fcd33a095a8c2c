/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { SPA_ROUTES, SPA_ROUTES_FILE } from './src/app/spa-routes.ts';

const backend = 'http://localhost:3000';

/** Writes the router's page list beside index.html; the server answers 404 for paths outside it. */
function spaRoutesManifest(): Plugin {
  return {
    name: 'gundem-spa-routes',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: SPA_ROUTES_FILE, source: `${JSON.stringify(SPA_ROUTES)}\n` });
    },
  };
}

/**
 * sonner (the toasts) adds its stylesheet as an inline `<style>` element when its module first
 * runs, which the server's Content-Security-Policy (`style-src 'self'`, no 'unsafe-inline')
 * blocks: every first toast of a page reported a `style-src-elem` violation and was drawn without
 * sonner's styles. The toaster imports sonner's own copy of that stylesheet
 * (`sonner/dist/styles.css`) instead, a file of this origin, and this removes the injection from
 * sonner's module. A sonner whose module no longer has the call fails the build, so an upgrade
 * that moves it is looked at rather than silently blocked again.
 */
function sonnerWithoutInlineStyle(): Plugin {
  const sonnerModule = /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/;
  const call = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/;
  return {
    name: 'gundem-sonner-without-inline-style',
    transform(code, id) {
      if (!sonnerModule.test(id)) return null;
      if (!call.test(code)) this.error('sonner no longer calls __insertCSS as expected: check how it adds its styles (CSP style-src)');
      return { code: code.replace(call, ''), map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), sonnerWithoutInlineStyle(), ...(isSsrBuild ? [] : clientBuildPlugins())],
  resolve: {
    // The wire contract from its source: the bundle and vitest need no built contract/dist.
    alias: { '@gundem/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)) },
  },
  // `vite build --ssr` (the build script's second step): src/entry-server.tsx, the server's render
  // of a guest's `/`, into dist-ssr/ beside dist/, never served. One self-contained file, React
  // and the router included: the server image carries no frontend dependency (docker/Dockerfile).
  ssr: { noExternal: true },
  // React's production build on the server whatever NODE_ENV the backend runs under (tests: test).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        // One file, ESM by its name wherever it is copied (the server image has no frontend/package.json).
        rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'entry-server.mjs' } },
      }
    : clientBuild,
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, ws: true, changeOrigin: true },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A test's first render of a lazy screen transforms that screen's modules on the spot: with
    // the three groups of `npm test` sharing two cores this took over vitest's 5 s default (the
    // admin page's and the profile's first tests). Waits are for events; this bounds a hang.
    testTimeout: 20_000,
  },
}));

/**
 * The stored theme and font size before the first paint (src/display-boot.ts): index.html names
 * that script in its <head>, a classic blocking `<script src>` (an inline one is refused by the
 * Content-Security-Policy, and a module script runs only after the parse, when a server-rendered
 * page may already have painted). Built as an entry of its own, under its hashed name (a year's
 * cache); the dev server serves the source.
 */
function displayBoot(): Plugin {
  const tag = (src: string) => `</title>\n    <script src="${src}"></script>`;
  return {
    name: 'gundem-display-boot',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!html.includes('</title>')) throw new Error('index.html has no </title> to put the display script after');
        if (!bundle) return html.replace('</title>', tag('/src/display-boot.ts'));
        const chunk = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && file.facadeModuleId?.endsWith('/src/display-boot.ts'));
        if (!chunk || chunk.type !== 'chunk') throw new Error('the build has no display-boot chunk');
        if (chunk.imports.length > 0 || /\b(import|export)\b/.test(chunk.code)) throw new Error('display-boot must stay a classic script: no import, no export');
        return html.replace('</title>', tag(`/${chunk.fileName}`));
      },
    },
  };
}

/** The browser build's own steps: the page list, the display script and the precompressed files. */
function clientBuildPlugins(): Plugin[] {
  return [
    spaRoutesManifest(),
    displayBoot(),
    // Each text file above 1 KB gets .br (quality 11) and .gz (level 9) siblings, compressed once
    // here at the slowest, smallest settings; the server sends the one the browser accepts
    // (backend/src/common/spa/precompressed.ts). Smaller files are not worth a second request header.
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ];
}

/** The browser build (dist/, served by the backend). */
const clientBuild: UserConfig['build'] = {
  outDir: 'dist',
  emptyOutDir: true,
  // dist/.vite/manifest.json: which chunks the entry loads statically and which only on demand;
  // test/e2e/bundle-budget.test.ts reads it to hold a guest's first page to its JS budget.
  manifest: true,
  rolldownOptions: {
    // The app (index.html), the loader a guest's server-rendered `/` gets instead of its entry
    // script (src/after-paint.ts): dist/.vite/manifest.json names both for the server; and the
    // display script every page runs in its <head> (src/display-boot.ts, displayBoot above).
    input: {
      index: fileURLToPath(new URL('index.html', import.meta.url)),
      'after-paint': fileURLToPath(new URL('src/after-paint.ts', import.meta.url)),
      'display-boot': fileURLToPath(new URL('src/display-boot.ts', import.meta.url)),
    },
    output: {
      codeSplitting: {
        // What the entry imports statically goes in one chunk: rolldown would otherwise cut it
        // into a dozen small common chunks (each shared with some lazy screen), and a dozen
        // gzip streams cost more than one.
        // The after-paint loader stays a file of its own (it only imports the entry, by its URL),
        // as does the display script (a classic script, it imports nothing).
        groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !/\/src\/(after-paint|display-boot)\.ts$/.test(id) }],
      },
    },
  },
};
