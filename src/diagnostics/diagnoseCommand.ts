// "Gist: Diagnose Connection": runs the connection diagnosis under a cancellable progress, writes
// every step to the log (never the key) and sums it up in one message with "Open Log".
// Returns the report, for tests and for other extensions.
import * as vscode from 'vscode';
import type { GistError } from '../client/errors';
import { CommandIds, type CommandTable } from '../shared/commandIds';
import { diagnose } from './diagnose';
import { formatReport, STEP_LABELS, STEP_NAMES, type DiagnosisReport } from './report';
import { notifyFailure } from '../generation/errorNotifier';
import { showError, showInformation, showWarning, withNotificationProgress } from '../shared/notify';
import { userMessage } from '../shared/userMessage';
import type { Profile } from '../account/profileList';
import type { Logger } from '../shared/logger';
import { proxyAwareDispatcher, readProxySettings } from '../network/proxySettings';
import type { Settings } from '../shared/settings';

/** Whose connection is diagnosed: the window's profile and its stored key (the account has them). */
export interface DiagnosisTarget {
  activeTarget(): Promise<{ readonly profile: Profile; readonly apiKey: string | undefined }>;
}

function summarize(report: DiagnosisReport, logger: Logger): void {
  const openLog = vscode.l10n.t('Open Log');
  const showLog = (): void => logger.show();
  const offerLog = (shown: Thenable<string | undefined>): void => {
    void Promise.resolve(shown).then((choice) => (choice === openLog ? showLog() : undefined));
  };
  switch (report.outcome) {
    case 'ok':
      offerLog(showInformation(userMessage(vscode.l10n.t('Connection OK: signed in as {0}.'), report.user?.name ?? '?'), openLog));
      return;
    case 'noKey': {
      const setKey = vscode.l10n.t('Set API Key');
      void Promise.resolve(showWarning(userMessage(vscode.l10n.t('The service is reachable, but no API key is set.')), setKey, openLog)).then((choice) =>
        choice === setKey ? vscode.commands.executeCommand(CommandIds.setApiKey) : choice === openLog ? showLog() : undefined,
      );
      return;
    }
    case 'cancelled':
      return;
    case 'failed': {
      const step = STEP_LABELS[report.failedAt ?? 'settings'];
      const error = report.error ?? { kind: 'network' as GistError['kind'], message: '', remedy: 'openLog' as GistError['remedy'] };
      notifyFailure(userMessage(vscode.l10n.t('Connection failed at {0}: {1}'), step, error.message), error.kind, error.remedy, { showLog, logLabel: openLog, offerDiagnosis: false });
      return;
    }
  }
}

/** The connection diagnosis of the window's profile, with the parts it needs. */
export class Diagnostics {
  /** This feature's part of the command table (src/commands.ts). */
  commands() {
    return { [CommandIds.diagnoseConnection]: () => this.diagnoseConnection() } satisfies CommandTable;
  }

  constructor(
    private readonly settings: Settings,
    private readonly account: DiagnosisTarget,
    private readonly logger: Logger,
    private readonly userAgent: string,
  ) {}

  /** "Gist: Diagnose Connection": the report, or undefined when the diagnosis itself failed (a bug, said so). */
  async diagnoseConnection(): Promise<DiagnosisReport | undefined> {
    try {
      return await this.run();
    } catch (error) {
      // A bug, not a connection problem: say so in one line, details in the log.
      this.logger.error(`Diagnose connection failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      const openLog = vscode.l10n.t('Open Log');
      void Promise.resolve(showError(userMessage(vscode.l10n.t('The connection diagnosis stopped unexpectedly; the log has the details.')), openLog)).then((choice) =>
        choice === openLog ? this.logger.show() : undefined,
      );
      return undefined;
    }
  }

  private async run(): Promise<DiagnosisReport> {
    const { profile, apiKey } = await this.account.activeTarget();
    this.logger.addSecret(apiKey);
    const report = await withNotificationProgress(userMessage(vscode.l10n.t('Diagnosing the connection…')), async (progress, token) => {
      const abort = new AbortController();
      const cancellation = token.onCancellationRequested(() => abort.abort());
      try {
        return await diagnose(
          {
            profile: profile.name,
            baseUrl: profile.baseUrl,
            apiKeyHeader: profile.apiKeyHeader,
            apiKey,
            timeoutMs: this.settings.requestTimeoutMs(),
            proxy: readProxySettings(),
            dispatcherFactory: proxyAwareDispatcher,
            userAgent: this.userAgent,
            onStep: (step) => progress.report({ message: userMessage(STEP_LABELS[step.name]), increment: 100 / STEP_NAMES.length }),
          },
          abort.signal,
        );
      } finally {
        cancellation.dispose();
      }
    });
    const lines = formatReport(report);
    for (const [index, line] of lines.entries()) {
      // Lines are the header, one per step, then the conclusion.
      const failed = report.steps[index - 1]?.status === 'failed' || (index === lines.length - 1 && report.outcome === 'failed');
      if (failed) {
        this.logger.error(line);
      } else {
        this.logger.info(line);
      }
    }
    summarize(report, this.logger);
    return report;
  }
}
