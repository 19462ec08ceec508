// Every command id in one place; package.json's `contributes.commands` lists the same ids.

export const CommandIds = {
  setApiKey: 'gist.setApiKey',
  signOut: 'gist.signOut',
  generate: 'gist.generate',
  showLog: 'gist.showLog',
  copyLastCallId: 'gist.copyLastCallId',
  refreshAccount: 'gist.refreshAccount',
  setBaseUrl: 'gist.setBaseUrl',
  /** This window's profile (`{profile}` picks one by name), "Add Profile…". */
  switchAccount: 'gist.switchAccount',
  diagnoseConnection: 'gist.diagnoseConnection',
  /** The stored keys no profile sends (`{all: true}` removes them all without asking). */
  removeUnusedKeys: 'gist.removeUnusedKeys',
  repeatLast: 'gist.repeatLast',
  compareVariants: 'gist.compareVariants',
  clearHistory: 'gist.history.clear',
  /** "Use Text" on a value's temporary editor (Edit in Editor…). */
  useEditedText: 'gist.useEditedText',
  /** Keybindings for the Generate / Compare flow's title-bar buttons (hidden from the palette). */
  flowInsertMode: 'gist.flow.changeInsertMode',
  flowEditInEditor: 'gist.flow.editInEditor',
  /** Internal: "Gist Calls" item actions (hidden from the palette). */
  historyInsert: 'gist.history.insert',
  historyOpen: 'gist.history.open',
  historyCopyContent: 'gist.history.copyContent',
  historyCopyCallId: 'gist.history.copyCallId',
  historyCompareWith: 'gist.history.compareWith',
  /** Internal: the status bar item's click menu (hidden from the palette). */
  statusBarMenu: 'gist.statusBarMenu',
  /** The variant lab: a gist's variants over a data file, into a results file. */
  labRunOverData: 'gist.lab.runOverData',
  labResume: 'gist.lab.resume',
  labRerunFailed: 'gist.lab.rerunFailed',
  labExport: 'gist.lab.export',
  /** Blind review of a results file's outputs, pair by pair (the results view's Review…). */
  labReview: 'gist.lab.review',
  /** Two runs of one gist over one data file, cell by cell, with their verdicts side by side. */
  labCompareRuns: 'gist.lab.compareRuns',
  /** A language model judges a results file's pairs (src/judge/). */
  labJudge: 'gist.lab.judge',
  /** A test file as a promptfooconfig.yaml (`{testFile, output?}` or a Uri). */
  checksExportPromptfoo: 'gist.checks.exportPromptfoo',
} as const;

export type CommandId = (typeof CommandIds)[keyof typeof CommandIds];

/** What a command runs: it may be given any arguments (a menu's Uri, a keybinding's args, another extension's). */
export type CommandHandler = (...args: never[]) => unknown;

/** A feature's part of the command table: command ids bound to its verbs (each feature's `commands()`). */
export type CommandTable = Partial<Record<CommandId, CommandHandler>>;
