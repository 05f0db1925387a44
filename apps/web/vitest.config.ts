import { defineConfig } from 'vitest/config';
import { fileURLToPath, URL } from 'node:url';
import { reactToPreact } from './vite.config.ts';

export default defineConfig({
  // Same JSX transform and aliases as vite.config.ts: the tests run on Preact, like the app.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...reactToPreact,
    ],
    // ES module builds, as the bundler picks them: the CommonJS ones (react-router, lucide-react,
    // Testing Library) would require('react') past the aliases and load React itself.
    conditions: ['module'],
    mainFields: ['module'],
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    // lucide-react's ES build is one module per icon: pre-bundled once, not ~1,900 modules per file.
    deps: { optimizer: { client: { enabled: true, include: ['lucide-react'] } } },
    // The libraries that import react / react-dom go through Vite (not Node's loader), so those
    // imports take the Preact aliases above, as in the shipped bundle. Testing Library is one
    // module graph (react, dom, user-event), so user-event's events are wrapped in act() too.
    server: { deps: { inline: [/react-router/, /@tanstack\/react-query/, /react-i18next/, /lucide-react/, /zustand/, /react-hook-form/, /@hookform\/resolvers/, /@testing-library\//] } },
  },
});
