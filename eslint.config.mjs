// ESLint flat config: type-aware typescript-eslint, floating promises are errors.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Modules that never load `vscode` (type imports are erased, so they are allowed): the HTTP client,
// the diagnosis's steps and the pure half of each feature. They run and are unit tested on plain Node.
const PURE_MODULES = [
  'src/client/**/*.ts',
  'src/account/{accountStatus,connection,profileList,statusView}.ts',
  'src/catalog/{catalog,catalogText,editorValueConsent}.ts',
  'src/diagnostics/{diagnose,diagnosisRun,meStep,networkSteps,probes,report,settingsSteps}.ts',
  'src/generation/{callLogLine,compareArgs,editorTemplate,errorActions,generateArgs,insertMode,memory,rangeTracking,variableNames}.ts',
  'src/history/{historyEntry,historyItem,historyTooltip}.ts',
  'src/languageModelTools/{callPlan,confirmedCalls,gistListing,toolInput,toolNames,toolReplies}.ts',
  'src/shared/{accountStatus,commandIds,flowButtons,keyedRecord,limits,loggedMemento,markdown,requestTimeout,storageKeys,text}.ts',
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', '.vscode-test/', 'test-results/', '**/*.mjs', '**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'tools/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: PURE_MODULES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'vscode', message: 'A pure module: pass what it needs from VS Code in as plain values.', allowTypeImports: true }] },
      ],
    },
  },
  {
    // Imports run one way: features use shared/ and client/, never the reverse.
    files: ['src/shared/**/*.ts', 'src/client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/account/*', '**/catalog/*', '**/generation/*', '**/history/*', '**/diagnostics/*', '**/languageModelTools/*'], message: 'shared/ and client/ are used by the features, never the reverse.' }] },
      ],
    },
  },
);
