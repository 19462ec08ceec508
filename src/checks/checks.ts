// Checks in the Test Explorer: a test controller over the workspace's `*.gisttest.json` files.
// Nothing is read at activation: the files are found when the Testing view first asks for them
// (the controller's resolveHandler) or when a test file is opened, and only then do the file
// watchers start; the tree then follows edits, saves, new and deleted files. Run and cancel from
// the Test Explorer, the gutter and the palette (VS Code's own Test commands, Rerun Failed
// included), a continuous run that reruns a file's tests on save, and "Run and Save Results" into
// a results file the lab's view shows. Test files are workspace content: in Restricted Mode they are
// listed but never run, and their values go to your service only when you run them.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GistCatalog } from '../catalog/gistCatalog';
import type { GistClient } from '../client/gistClient';
import type { ConnectionSettings } from '../client/types';
import { loadCheckLibraries } from '../expectations/checkLibraries';
import type { Logger } from '../shared/logger';
import { askModal, showError, showInformation, showWarning } from '../shared/notify';
import { CHECK_RUN_ASK_CALLS, MAX_CHECK_RUN_CALLS } from '../shared/limits';
import { openBesideUnfocused } from '../shared/besideUnfocused';
import { userMessage } from '../shared/userMessage';
import { CommandIds, type CommandTable } from '../shared/commandIds';
import { CheckTestRun, type CallsQuestion, type CheckNotice, type CheckReport } from './checkTestRun';
import { chooseRubricModel, type RubricGradingAnswer } from './rubricModel';
import { promptfooConfig, promptfooYaml } from './promptfooExport';
import { validateBaseUrl } from '../client/urls';
import { isRecord } from '../shared/text';
import type { Catalog } from '../catalog/catalog';
import { fillFileItem, itemData, resolveChildren } from './checkTree';
import { ParsedTestFiles, type ReadTestFile, type TestFileBytes } from './parsedTestFiles';
import type { LoadedTestFile } from './testFileLoad';
import { fileItemLabel, problemMessage } from './testExplorerText';

export const TEST_FILE_GLOB = '**/*.gisttest.json';
const EXCLUDE_GLOB = '**/node_modules/**';
/** The lab's results view (package.json `customEditors`). */
const RESULTS_VIEW_TYPE = 'gist.results';
/** Edits in an open test file are parsed again after this pause. */
const EDIT_DELAY_MS = 300;

export interface ChecksDeps {
  readonly client: GistClient;
  readonly catalog: GistCatalog;
  readonly logger: Logger;
  readonly version: string;
  ensureSignedIn(): Promise<ConnectionSettings | undefined>;
  labSettings(): { readonly concurrency: number; readonly maxRetries: number };
  destination(): { readonly profile: string; readonly host: string };
  /** The window's profile's service URL and key header (never the key), for the promptfoo export. */
  service(): { readonly baseUrl: string; readonly apiKeyHeader: string };
}

function isTestFile(uri: vscode.Uri): boolean {
  return uri.path.endsWith('.gisttest.json');
}

export class Checks implements vscode.Disposable {
  readonly controller: vscode.TestController;
  readonly runProfile: vscode.TestRunProfile;
  readonly saveProfile: vscode.TestRunProfile;
  private readonly diagnostics: vscode.DiagnosticCollection;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly reported = new vscode.EventEmitter<CheckReport>();
  /** Every report of every run, for the integration tests. */
  readonly onDidReport = this.reported.event;
  private discovery: Promise<void> | undefined;
  /** The CSV each test file reads, so a change to it reloads the file. */
  private readonly csvOf = new Map<string, string>();
  private readonly pendingEdits = new Map<string, NodeJS.Timeout>();
  private readonly files = new ParsedTestFiles();
  /** What each file's item shows: the same parse on the same variants needs no new items. */
  private readonly shown = new Map<string, { readonly loaded: LoadedTestFile; readonly variants: string }>();
  /** How long the last whole-workspace discovery took, for the benchmark. */
  discoveryMs: number | undefined;

  commands() {
    return {
      [CommandIds.checksExportPromptfoo]: (target: unknown) => this.exportPromptfoo(target),
    } satisfies CommandTable;
  }

  constructor(private readonly deps: ChecksDeps) {
    this.controller = vscode.tests.createTestController('gist.checks', vscode.l10n.t('Gist Checks'));
    this.controller.resolveHandler = (item) => (item === undefined ? this.discover() : resolveChildren(item));
    this.controller.refreshHandler = () => this.discover(true);
    this.runProfile = this.controller.createRunProfile(vscode.l10n.t('Run'), vscode.TestRunProfileKind.Run, (request, token) => this.runHandler(request, token, false), true, undefined, true);
    this.saveProfile = this.controller.createRunProfile(vscode.l10n.t('Run and Save Results'), vscode.TestRunProfileKind.Run, (request, token) => this.runHandler(request, token, true), false);
    this.diagnostics = vscode.languages.createDiagnosticCollection('gist-checks');
    this.disposables.push(
      this.controller,
      this.diagnostics,
      this.reported,
      // Cheap listeners: they only look at a document's name until a test file shows up.
      vscode.workspace.onDidOpenTextDocument((document) => this.onOpened(document)),
      vscode.window.onDidChangeVisibleTextEditors((editors) => {
        for (const editor of editors) this.showVariantsOf(editor.document.uri);
      }),
      vscode.workspace.onDidChangeTextDocument((event) => this.onEdited(event.document)),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.showTrust()),
    );
  }

  /** The test files already open when the window started (after activate() returned). */
  checkOpenDocuments(): void {
    for (const document of vscode.workspace.textDocuments) this.onOpened(document);
  }

  dispose(): void {
    for (const timer of this.pendingEdits.values()) clearTimeout(timer);
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }

  private onOpened(document: vscode.TextDocument): void {
    if (document.uri.scheme === 'file' && isTestFile(document.uri)) void this.discover();
  }

  private onEdited(document: vscode.TextDocument): void {
    if (this.discovery === undefined || document.uri.scheme !== 'file' || !isTestFile(document.uri)) return;
    const key = document.uri.toString();
    clearTimeout(this.pendingEdits.get(key));
    this.pendingEdits.set(
      key,
      setTimeout(() => {
        this.pendingEdits.delete(key);
        void this.update(document.uri);
      }, EDIT_DELAY_MS),
    );
  }

  /** Finds every test file of the workspace once (again with `force`), and starts the watchers the first time. */
  discover(force = false): Promise<void> {
    if (this.discovery !== undefined && !force) return this.discovery;
    const first = this.discovery === undefined;
    this.discovery = (async () => {
      const started = performance.now();
      if (first) this.watch();
      // The search runs in another process meanwhile the libraries load and the catalog is read here.
      const [files, catalog] = await Promise.all([vscode.workspace.findFiles(TEST_FILE_GLOB, EXCLUDE_GLOB), this.deps.catalog.entries(), loadCheckLibraries()]);
      const seen = new Set(files.map((uri) => uri.toString()));
      this.controller.items.forEach((item) => {
        if (!seen.has(item.id)) this.remove(item.uri!);
      });
      await this.showAll(files, catalog);
      this.discoveryMs = performance.now() - started;
    })().catch((error: unknown) => this.deps.logger.error(`Checks: finding the test files failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
    return this.discovery;
  }

  /** Every file read, parsed and put in the tree, in slices of the event loop (see ParsedTestFiles.parseAll). */
  private async showAll(uris: readonly vscode.Uri[], catalog: Catalog): Promise<void> {
    for await (const { uri, read } of this.files.parseAll(uris, catalog)) this.show(uri, read);
  }

  private watch(): void {
    const tests = vscode.workspace.createFileSystemWatcher(TEST_FILE_GLOB);
    const csvs = vscode.workspace.createFileSystemWatcher('**/*.csv');
    const reloadFor = (csv: vscode.Uri): void => {
      for (const [file, read] of this.csvOf) if (read === csv.fsPath) void this.update(vscode.Uri.parse(file));
    };
    this.disposables.push(
      tests,
      csvs,
      tests.onDidCreate((uri) => void this.update(uri)),
      tests.onDidChange((uri) => void this.update(uri)),
      tests.onDidDelete((uri) => this.remove(uri)),
      csvs.onDidCreate(reloadFor),
      csvs.onDidChange(reloadFor),
      csvs.onDidDelete(reloadFor),
    );
  }

  private remove(uri: vscode.Uri): void {
    this.controller.items.delete(uri.toString());
    this.shown.delete(uri.toString());
    this.files.forget(uri);
    this.diagnostics.delete(uri);
    const csv = this.csvOf.get(uri.toString());
    if (csv !== undefined) this.diagnostics.delete(vscode.Uri.file(csv));
    this.csvOf.delete(uri.toString());
  }

  /** The file read now: from its editor when it has unsaved edits (what the user sees), else from disk. */
  async load(uri: vscode.Uri): Promise<ReadTestFile | undefined> {
    return (await this.loadWithBytes(uri)).read;
  }

  /** `load`, with the bytes it parsed: the editor's text when it has unsaved edits, else the disk's. */
  private async loadWithBytes(uri: vscode.Uri): Promise<{ readonly read: ReadTestFile; readonly bytes: TestFileBytes }> {
    await loadCheckLibraries();
    const bytes = await this.files.bytes(uri);
    return { read: await this.files.parse(uri, bytes, await this.deps.catalog.entries()), bytes };
  }

  /** Reads one file and puts its tree and problems in place. */
  private async update(uri: vscode.Uri): Promise<void> {
    const read = await this.load(uri);
    if (read !== undefined) this.show(uri, read);
  }

  /** One file's tree and problems put in place; nothing is rebuilt when the file and its variants are as shown. */
  private show(uri: vscode.Uri, { loaded, variants }: ReadTestFile): void {
    if (loaded.problems.length === 1 && loaded.sha256 === '' && loaded.tests.length === 0 && !vscode.workspace.textDocuments.some((document) => document.uri.toString() === uri.toString())) {
      // Gone between the search and the read.
      if (/does not exist/.test(loaded.problems[0]?.message ?? '')) {
        this.remove(uri);
        return;
      }
    }
    const key = uri.toString();
    const variantsKey = JSON.stringify(variants);
    const existing = this.controller.items.get(key);
    const before = this.shown.get(key);
    if (existing !== undefined && before?.loaded === loaded && before.variants === variantsKey) {
      this.showTrustOn(existing);
      return;
    }
    let item = existing;
    if (item === undefined) {
      item = this.controller.createTestItem(key, fileItemLabel(vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1)), uri);
      itemData.set(item, { kind: 'file', uri });
    }
    // A new file's item is filled before it joins the tree: VS Code takes it in whole, in one change.
    fillFileItem(this.controller, item, loaded, variants);
    if (existing === undefined) this.controller.items.add(item);
    this.shown.set(key, { loaded, variants: variantsKey });
    this.showVariantsOf(uri);
    this.showTrustOn(item);
    if (loaded.csvPath !== undefined) this.csvOf.set(key, loaded.csvPath);
    else this.csvOf.delete(key);
    this.showProblems(uri, loaded);
  }

  /**
   * The variants of every test of a file shown in an editor: its gutter then offers each variant
   * on the test's line, as before variants were made on demand. Other files' wait to be expanded.
   */
  private showVariantsOf(uri: vscode.Uri): void {
    if (uri.scheme !== 'file' || !isTestFile(uri)) return;
    const key = uri.toString();
    if (!vscode.window.visibleTextEditors.some((editor) => editor.document.uri.toString() === key)) return;
    this.controller.items.get(key)?.children.forEach((test) => resolveChildren(test));
  }

  private showProblems(uri: vscode.Uri, loaded: LoadedTestFile): void {
    const inFile: vscode.Diagnostic[] = [];
    const inCsv: vscode.Diagnostic[] = [];
    for (const problem of loaded.problems) {
      const { start, end } = problem.range;
      const diagnostic = new vscode.Diagnostic(new vscode.Range(start.line, start.character, end.line, Math.max(end.character, start.line === end.line ? start.character + 1 : 0)), problemMessage(problem.message), vscode.DiagnosticSeverity.Error);
      diagnostic.source = 'gist checks';
      (problem.range.file === 'testsFile' ? inCsv : inFile).push(diagnostic);
    }
    // A file without problems that had none needs no message to the workbench (most files, at discovery).
    if (inFile.length > 0 || this.diagnostics.has(uri)) this.diagnostics.set(uri, inFile);
    if (loaded.csvPath !== undefined) {
      const csv = vscode.Uri.file(loaded.csvPath);
      if (inCsv.length > 0 || this.diagnostics.has(csv)) this.diagnostics.set(csv, inCsv);
    }
  }

  private showTrustOn(item: vscode.TestItem): void {
    const description = vscode.workspace.isTrusted ? undefined : vscode.l10n.t('Restricted Mode: listed, not run');
    // Each change of an item is a message to the workbench: none when nothing changed.
    if (item.description !== description) item.description = description;
  }

  private showTrust(): void {
    this.controller.items.forEach((item) => this.showTrustOn(item));
  }

  private async runHandler(request: vscode.TestRunRequest, token: vscode.CancellationToken, save: boolean): Promise<void> {
    await this.discover();
    if (request.continuous === true) {
      this.runOnSave(request, token);
      return;
    }
    await new CheckTestRun(this.runDeps(), request, token, save).execute();
  }

  /** A continuous run: each save of a test file (or its CSV) runs that file's picked tests again, until cancelled. */
  private runOnSave(request: vscode.TestRunRequest, token: vscode.CancellationToken): void {
    const files = (): Set<string> => {
      const picked = new Set<string>();
      if (request.include === undefined) this.controller.items.forEach((item) => picked.add(item.id));
      else for (const item of request.include) picked.add(itemData.get(item)?.uri.toString() ?? item.id);
      return picked;
    };
    let running = Promise.resolve();
    const saved = vscode.workspace.onDidSaveTextDocument((document) => {
      const key = document.uri.toString();
      const owners = [...files()].filter((file) => file === key || this.csvOf.get(file) === document.uri.fsPath);
      if (owners.length === 0) return;
      running = running.then(async () => {
        if (token.isCancellationRequested) return;
        for (const owner of owners) await this.update(vscode.Uri.parse(owner));
        const include = request.include?.filter((item) => owners.includes(itemData.get(item)?.uri.toString() ?? '')) ?? owners.map((owner) => this.controller.items.get(owner)).filter((item): item is vscode.TestItem => item !== undefined);
        // Items of the file as it is now (the edit may have added tests): the same ids.
        const current = include.map((item) => this.findItem(item.id) ?? item);
        await new CheckTestRun(this.runDeps(), new vscode.TestRunRequest(current, request.exclude, request.profile, false, true), token, false).execute();
      });
    });
    token.onCancellationRequested(() => {
      saved.dispose();
    });
  }

  private findItem(id: string): vscode.TestItem | undefined {
    const fileId = id.split('#')[0] ?? id;
    const file = this.controller.items.get(fileId);
    if (file === undefined || file.id === id) return file;
    let found: vscode.TestItem | undefined;
    const visit = (item: vscode.TestItem): void => {
      if (found !== undefined) return;
      if (item.id === id) found = item;
      else item.children.forEach(visit);
    };
    file.children.forEach(visit);
    return found;
  }

  /** Integration tests answer the model pick and the consent for llm-rubric (Test mode only); undefined puts the user's back. */
  answerRubricGradingForTest(answer: RubricGradingAnswer | undefined): void {
    this.rubricAnswer = answer;
  }

  private rubricAnswer: RubricGradingAnswer | undefined;

  private runDeps(): ConstructorParameters<typeof CheckTestRun>[0] {
    return {
      controller: this.controller,
      client: this.deps.client,
      logger: this.deps.logger,
      version: this.deps.version,
      load: (uri) => this.load(uri),
      ensureSignedIn: () => this.deps.ensureSignedIn(),
      settings: () => this.deps.labSettings(),
      destination: () => this.deps.destination(),
      report: (report) => this.reported.fire(report),
      chooseRubricModel: (counts) => chooseRubricModel(counts, this.rubricAnswer),
      confirmCalls: (question) => this.confirmCalls(question),
      notice: (kind, detail) => void this.notice(kind, detail),
      openResults: (file) => openBesideUnfocused(file, RESULTS_VIEW_TYPE),
    };
  }

  /**
   * "Gist: Export Checks as promptfoo Config": the test file (a Uri, `{testFile, output?}`, or the
   * active editor's) as a promptfooconfig.yaml beside it; returns where it went.
   */
  async exportPromptfoo(target?: unknown): Promise<vscode.Uri | undefined> {
    const given = target instanceof vscode.Uri ? { testFile: target } : isRecord(target) && typeof target.testFile === 'string' ? { testFile: vscode.Uri.file(target.testFile), output: typeof target.output === 'string' ? vscode.Uri.file(target.output) : undefined } : undefined;
    const active = vscode.window.activeTextEditor?.document.uri;
    const testFile = given?.testFile ?? (active !== undefined && isTestFile(active) ? active : undefined);
    if (testFile === undefined || !isTestFile(testFile)) {
      void showInformation(userMessage(vscode.l10n.t('Open a test file (*.gisttest.json) to export it as a promptfoo config.')));
      return undefined;
    }
    const service = this.deps.service();
    const base = validateBaseUrl(service.baseUrl);
    if (!base.ok) {
      void showError(userMessage(vscode.l10n.t('The export names your service, and its URL cannot be used: {0}'), base.reason), vscode.l10n.t('Set Service URL')).then((choice) => (choice === undefined ? undefined : vscode.commands.executeCommand(CommandIds.setBaseUrl)));
      return undefined;
    }
    // The text exported is the one checked: an editor's unsaved edits included, as the Test Explorer shows them.
    const { read, bytes } = await this.loadWithBytes(testFile);
    const { loaded, variants } = read;
    const text = bytes === undefined ? '' : new TextDecoder().decode(bytes);
    const exported = promptfooConfig({
      loaded,
      text,
      variants,
      baseUrl: base.url,
      apiKeyHeader: service.apiKeyHeader,
      testFileName: path.basename(testFile.fsPath),
      ...(loaded.csvPath !== undefined ? { csvRelative: path.relative(path.dirname(testFile.fsPath), loaded.csvPath).split(path.sep).join('/') } : {}),
    });
    if (!exported.ok) {
      void showError(userMessage(vscode.l10n.t('{0} cannot be exported: {1}'), path.basename(testFile.fsPath), exported.reason));
      return undefined;
    }
    const output =
      given?.output ??
      (await vscode.window.showSaveDialog({ defaultUri: vscode.Uri.joinPath(testFile, '..', 'promptfooconfig.yaml'), filters: { YAML: ['yaml', 'yml'] }, title: vscode.l10n.t('Export Checks as promptfoo Config') }));
    if (output === undefined) return undefined;
    await vscode.workspace.fs.writeFile(output, new TextEncoder().encode(await promptfooYaml(exported, path.basename(testFile.fsPath))));
    await vscode.window.showTextDocument(output, { preview: false });
    void showInformation(
      exported.notes.length === 0
        ? userMessage(vscode.l10n.t('Exported {0} as a promptfoo config. Run it with GIST_API_KEY set: the key is not in the file.'), path.basename(testFile.fsPath))
        : userMessage(vscode.l10n.t('Exported {0} as a promptfoo config; {1} assertions promptfoo lacks are translated (see the comments at the top). The key is not in the file.'), path.basename(testFile.fsPath), exported.notes.length),
    );
    return output;
  }

  /** Asked before a run of more than CHECK_RUN_ASK_CALLS calls, as Run over Data's summary states its calls: how many, how fast, to where. */
  private async confirmCalls({ calls, files, concurrency }: CallsQuestion): Promise<boolean> {
    const { profile, host } = this.deps.destination();
    const go = vscode.l10n.t('Run {0} Calls', calls.toLocaleString());
    const choice = await askModal(
      userMessage(vscode.l10n.t('Run {0} calls to check {1}?'), calls.toLocaleString(), files.join(', ')),
      userMessage(vscode.l10n.t('Each test runs once per variant and sample: {0} calls, up to {1} at a time, to profile {2} at {3}. Runs of more than {4} calls are asked about first.'), calls.toLocaleString(), concurrency, profile, host, CHECK_RUN_ASK_CALLS.toLocaleString()),
      go,
    );
    return choice === go;
  }

  private async notice(kind: CheckNotice, detail?: string): Promise<void> {
    if (kind === 'tooManyCalls') {
      void showError(userMessage(vscode.l10n.t('The checks did not run: they would make {0} calls, and a Test Explorer run makes at most {1}. Pick fewer tests, variants or samples, or run the file with gist-check --max-calls.'), detail ?? '', MAX_CHECK_RUN_CALLS.toLocaleString()));
      return;
    }
    if (kind === 'notSaved') {
      const showLog = vscode.l10n.t('Show Log');
      const choice = await showError(userMessage(vscode.l10n.t('The results of this run could not be saved ({0}); the Testing view shows them, and the earlier results file is as it was. Check the folder, then use Run and Save Results again.'), detail ?? ''), showLog);
      if (choice === showLog) await vscode.commands.executeCommand(CommandIds.showLog);
      return;
    }
    if (kind === 'restricted') {
      const manage = vscode.l10n.t('Manage Workspace Trust');
      const choice = await showWarning(userMessage(vscode.l10n.t('Checks do not run in Restricted Mode: a test file from a folder you have not trusted would send its values to your service with your key. Trust the folder to run them.')), manage);
      if (choice === manage) await vscode.commands.executeCommand('workbench.trust.manage');
      return;
    }
    const setKey = vscode.l10n.t('Set API Key');
    const message = kind === 'signedOut' ? userMessage(vscode.l10n.t('The checks did not run: no API key is set.')) : userMessage(vscode.l10n.t('The checks stopped: {0}'), detail ?? '');
    const choice = await showError(message, setKey);
    if (choice === setKey) await vscode.commands.executeCommand(CommandIds.setApiKey);
  }
}
