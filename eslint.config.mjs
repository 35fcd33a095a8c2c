import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The frontend's feature folders: each one is a zone the others may not import. */
const frontendFeatures = readdirSync(join(import.meta.dirname, 'frontend/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** import-x with the backend's TypeScript paths, for the backend's boundary rules below. */
const backendImports = {
  plugins: importX.flatConfigs.typescript.plugins,
  settings: {
    ...importX.flatConfigs.typescript.settings,
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'backend/tsconfig.json', noWarnOnMultipleProjects: true })],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '.data/**', 'docs/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': 'off',
    },
  },
  { files: ['backend/**/*.ts', 'scripts/**/*.mjs', 'test/**/*.{ts,mjs}'], languageOptions: { globals: { ...globals.node } } },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Backend boundaries: the floors of docs/architecture.md, enforced. A module imports only the
  // floors below it (`node scripts/import-graph.mjs` draws them): config/ at the bottom, then
  // database/, then common/, then the features; cli/ and the app's root module sit on top and
  // nothing below imports them. Tests are left out: a spec may import across floors to set a scene.
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/*.spec.ts', 'backend/src/**/*.e2e-spec.ts'],
    ...backendImports,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            { target: 'backend/src/config', from: 'backend/src', except: ['./config'], message: 'config/ is the ground floor: it imports no other module.' },
            { target: 'backend/src/database', from: 'backend/src', except: ['./database', './config'], message: 'database/ imports only config/: features register their own entities.' },
            { target: 'backend/src/common', from: 'backend/src', except: ['./common', './config', './database'], message: 'common/ imports no feature module (it names RequestUser, not the users module).' },
            { target: 'backend/src/users', from: 'backend/src/admin', message: 'users/ is below admin/: roles and isStaff live in users/roles.ts.' },
            { target: ['backend/src/!(cli)/**', 'backend/src/!(main).ts'], from: 'backend/src/cli', message: 'cli/ is a top floor: only main.ts and the CLI tools import it.' },
            { target: 'backend/src/*/**', from: ['backend/src/app.module.ts', 'backend/src/app.factory.ts'], message: 'The app root imports the modules, never the other way round.' },
          ],
        },
      ],
      // Circles between files (type-only imports excepted); test files are left out as above.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // The ground floors' own tests know no feature either: a reader of common/ and database/ finds
  // only code that knows no feature. Whole-app specs live in backend/test/app/.
  {
    files: ['backend/src/{config,database,common}/**/*.{spec,e2e-spec}.ts'],
    ...backendImports,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'backend/src/{config,database,common}/**/*.{spec,e2e-spec}.ts',
              from: 'backend/src',
              except: ['./config', './database', './common'],
              message: 'A test of config/, database/ or common/ imports no feature: a whole-app test goes to backend/test/app/.',
            },
          ],
        },
      ],
    },
  },
  // Frontend boundaries: features are independent of each other and of the app shell that
  // composes them; shared code (components, lib, locales) knows no feature. Dependencies point
  // app -> features -> shared only. Tests obey them too, except that a test of shared code may
  // mount a feature (lib/idempotent-write.test.tsx drives ComposeBox).
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: importX.flatConfigs.typescript.plugins,
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(import.meta.dirname, 'frontend/tsconfig.json'), noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...frontendFeatures.map((name) => ({ target: `frontend/src/features/${name}`, from: 'frontend/src/features', except: [`./${name}`], message: 'A feature does not import another feature: move what both need to components/ or lib/.' })),
            { target: 'frontend/src/features', from: 'frontend/src/app', message: 'Features do not import the app shell; the app composes features.' },
            { target: 'frontend/src/{components,lib,locales}/**/!(*.test).{ts,tsx}', from: ['frontend/src/features', 'frontend/src/app'], message: 'Shared code (components, lib, locales) does not import features or the app.' },
          ],
        },
      ],
      // Circles between files (type-only imports excepted).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
