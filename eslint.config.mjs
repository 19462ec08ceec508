// ESLint flat config: type-aware typescript-eslint, floating promises are errors.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Modules that never load `vscode` (type imports are erased, so they are allowed): the HTTP client,
// the diagnosis's steps and the pure half of each feature. They run and are unit tested on plain Node.
const PURE_MODULES = {
  client: ['**/*.ts'],
  account: ['{accountStatus,connection,profileList,statusView,storedKey}.ts'],
  catalog: ['{catalog,catalogText,editorTemplate,editorValueConsent}.ts'],
  diagnostics: ['{diagnose,diagnosisRun,meStep,networkSteps,probes,report,settingsSteps}.ts'],
  generation: ['{callLogLine,compareArgs,errorActions,generateArgs,insertMode,memory,rangeTracking,textTarget,variableNames}.ts'],
  history: ['{historyEntry,historyItem,historyMerge,historyTooltip}.ts'],
  languageModelTools: ['{callPlan,confirmedCalls,gistListing,toolInput,toolNames,toolReplies}.ts'],
  shared: ['{accountStatus,commandIds,flowButtons,gistUser,keyedRecord,limits,loggedMemento,markdown,oneLine,redact,requestTimeout,storageKeys,text}.ts'],
};

/**
 * The floors of src/, lowest first. Everything a floor holds may be used by the floors above it,
 * never by its own floor or one below: shared/ text and state rules; the pure client and the
 * catalog; the account and VS Code's network settings; generation; the features built on it.
 */
const FLOORS = [
  ['shared'],
  ['client', 'catalog'],
  ['account', 'network'],
  ['generation'],
  ['history', 'diagnostics', 'languageModelTools'],
];

/** The import rule of one folder: the floors, and for its pure modules `vscode` too. */
function importRule(folder, floor, pure) {
  const above = FLOORS.slice(floor).flat().filter((other) => other !== folder);
  const below = FLOORS.slice(0, floor).flat();
  return [
    'error',
    {
      patterns: [
        {
          group: [...above.map((other) => `**/${other}/*`), '../extension', '../commands', '../api'],
          message: `${folder}/ is on floor ${floor} of FLOORS in eslint.config.mjs: it may import ${below.join(', ') || 'no other folder'}, never a folder beside it or above it.`,
        },
      ],
      ...(pure ? { paths: [{ name: 'vscode', message: 'A pure module: pass what it needs from VS Code in as plain values.', allowTypeImports: true }] } : {}),
    },
  ];
}

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
  // Imports run one way, down the floors: a folder imports only folders on lower floors (type
  // imports too), never one beside it or above it; src/*.ts (extension, commands, api) is the roof.
  // Pure modules also keep `vscode` out. One rule carries both, since a later config's options
  // for the same rule replace an earlier one's.
  ...FLOORS.flatMap((folders, floor) =>
    folders.flatMap((folder) => [
      { files: [`src/${folder}/**/*.ts`], rules: { '@typescript-eslint/no-restricted-imports': importRule(folder, floor, false) } },
      { files: (PURE_MODULES[folder] ?? []).map((glob) => `src/${folder}/${glob}`), rules: { '@typescript-eslint/no-restricted-imports': importRule(folder, floor, true) } },
    ]),
  ).filter((config) => config.files.length > 0),
);
