// ESLint flat config: type-aware typescript-eslint, floating promises are errors.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Modules that never load `vscode` (type imports are erased, so they are allowed): the HTTP client,
// the diagnosis's steps and the pure half of each feature. They run and are unit tested on plain Node.
const PURE_MODULES = {
  client: ['**/*.ts'],
  dataset: ['**/*.ts'],
  runs: ['**/*.ts'],
  account: ['{accountStatus,connection,profileList,statusView,storedKey}.ts'],
  catalog: ['{catalog,catalogText,consentQuestion,editorTemplate,editorValueConsent}.ts'],
  checks: ['{batchedTestRun,checkNames,checkRun,checksHeader,checkTally,modelGrading,promptfooExport,promptfooLoads,promptfooText,runCalls,testExplorerText,testFileLoad}.ts'],
  cli: ['**/*.ts'],
  diagnostics: ['{diagnose,diagnosisRun,meStep,networkSteps,probes,report,settingsSteps}.ts'],
  expectations: ['**/*.ts'],
  generation: ['{callLogLine,compareArgs,errorActions,generateArgs,insertMode,memory,rangeTracking,textTarget,variableNames}.ts'],
  history: ['{callTextTitle,historyEntry,historyItem,historyMerge,historyTooltip}.ts'],
  lab: ['{comparisonFiles,comparisonProtocol,comparisonText,inertMessage,labRunArgs,resultsExport,resultsFigures,resultsIndex,resultsQuery,resultsRows,resultTextTitle,resultsViewProtocol,reviewerName,reviewSession,runComparison,runOverDataText,verdictCells,verdictsComputer,verdictsView,verdictsWorker,votesFiles}.ts'],
  languageModelTools: ['{callPlan,confirmedCalls,gistListing,toolInput,toolNames,toolReplies}.ts'],
  languageModels: ['{askModel,llmRubric,modelFailure,promptData}.ts'],
  judge: ['{judgeAgreement,judgeAnswer,judgeArgs,judgeCells,judgeConsentQuestion,judgeInstruction,judgePlan,judgePrompt,judgeResume,judgeRun,judgeVotesFile}.ts'],
  review: ['**/*.ts'],
  shared: ['{accountStatus,commandIds,csvRecord,duration,flowButtons,gistUser,inertText,invisibles,jsonDepth,keyedRecord,limits,loggedMemento,markdown,oneLine,redact,requestTimeout,storageKeys,text,userMessage}.ts'],
  statistics: ['**/*.ts'],
};

/**
 * The floors of src/, lowest first. Everything a floor holds may be used by the floors above it,
 * never by its own floor or one below: shared/ text and state rules; the pure client, the
 * catalog, the data file readers, the checks' assertions (expectations/) and the statistics; the
 * account, VS Code's network settings, the variant lab's runs (engine, results files) and blind
 * review (its verdicts use the statistics), and the chat models of VS Code's Language Model API
 * (languageModels/: the judge's and llm-rubric's access to a model); generation; the features built
 * on it; the language model judge of a run's results (judge/, on the lab's results index); and the
 * command-line checks (cli/), a program of its own made of the pure modules below it.
 */
const FLOORS = [
  ['shared'],
  ['client', 'catalog', 'dataset', 'expectations', 'statistics'],
  ['account', 'network', 'runs', 'review', 'languageModels'],
  ['generation'],
  ['history', 'diagnostics', 'languageModelTools', 'lab', 'checks'],
  ['judge'],
  ['cli'],
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

/** Notifications, modals and progress only through src/shared/notify.ts. */
const NOTIFY_ONLY = ['MemberExpression[property.name=/^(showErrorMessage|showWarningMessage|showInformationMessage|withProgress)$/]', 'ObjectPattern > Property[key.name=/^(showErrorMessage|showWarningMessage|showInformationMessage|withProgress)$/]'].map((selector) => ({
  selector,
  message: 'Show notifications, modals and progress through src/shared/notify.ts, with text from userMessage(): outside text in them would render as links that run commands.',
}));

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', '.vscode-test/', 'test-results/', 'test/screenshots/demo/', '**/*.mjs', '**/*.js'] },
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
  // Notifications, modals and notification progress render `[label](command:…)` in their text as a
  // link that runs the command: they are shown only through src/shared/notify.ts, which takes text
  // made by userMessage() (outside values inert, the extension's words apart), so no surface can
  // put outside text there directly (issue 23, A1).
  {
    files: ['src/**/*.ts'],
    ignores: ['src/shared/notify.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...NOTIFY_ONLY],
    },
  },
  // gist-check prints only through its one writer, which redacts every line and makes outside text
  // inert for a terminal and for the Actions runner's command parser. The rule replaces the one
  // above for these files, so it carries that one's selectors too.
  {
    files: ['src/cli/**/*.ts'],
    ignores: ['src/cli/consoleLines.ts', 'src/cli/gistCheck.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...NOTIFY_ONLY,
        ...["MemberExpression[object.name='process'][property.name=/^(stdout|stderr)$/]", "MemberExpression[object.name='io'][property.name=/^(out|err)$/]", "MemberExpression[object.name='console']"].map((selector) => ({
          selector,
          message: 'gist-check writes stdout and stderr only through src/cli/consoleLines.ts: it redacts the key and keeps outside text from commanding a terminal or the Actions runner.',
        })),
      ],
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
