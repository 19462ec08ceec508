// User settings for the VS Code the harness starts. The server's web workbench reads
// <server-data-dir>/data/User/settings.json as user settings (checked by experiment:
// application-scoped keys such as gist.baseUrl and telemetry.telemetryLevel are ignored in
// data/Machine/settings.json), so everything goes there.

/** Keeps the workbench quiet: no welcome page, tips, telemetry, updates, experiments, AI popups or port scans. */
export const QUIET_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'workbench.enableExperiments': false,
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'git.enabled': false,
  'files.hotExit': 'off',
  // The extension host otherwise scans /proc for listening ports every few seconds (findCandidatePorts): 0–190 ms of noise in a bench run.
  'remote.autoForwardPorts': false,
};

/**
 * Integration tests start with the extension pointed at the local service. End-to-end
 * scenarios start like a new user, with no service URL, and enter it through the UI.
 */
export function userSettings(mode: 'integration' | 'e2e' | 'desktop', serviceUrl: string): Record<string, unknown> {
  return mode === 'e2e' ? { ...QUIET_SETTINGS } : { ...QUIET_SETTINGS, 'gist.baseUrl': serviceUrl };
}

/** With Workspace Trust on: no startup question, so an untrusted folder simply opens in Restricted Mode. */
export const RESTRICTED_MODE_SETTINGS: Readonly<Record<string, unknown>> = {
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'never',
};
