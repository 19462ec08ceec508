// What the gist tools tell the model: short English sentences that say what happened and what to
// do next (call gist_list, pass a value, ask the user to run a command). Written for the model,
// which relays them in the user's language, so not localised. Never the key: outside text in them
// is the input's own ids and names, the catalog's, and the service's one-line error. Pure: no `vscode`.
import type { GistErrorKind } from '../client/errors';
import { oneLine } from '../shared/oneLine';
import type { PlanProblem } from './callPlan';
import { ToolNames } from './toolNames';

const SET_API_KEY = '“Gist: Set API Key…”';
const SET_SERVICE_URL = '“Gist: Set Service URL…”';
const DIAGNOSE = '“Gist: Diagnose Connection”';
const NOTHING_SENT = 'Nothing was sent.';

/** An id or name from outside, quoted and on one line. */
function quoted(text: string): string {
  return JSON.stringify(oneLine(text, 120));
}

function list(names: readonly string[]): string {
  return names.map(quoted).join(', ');
}

export function refusedInput(reason: string): string {
  return `${reason} ${NOTHING_SENT} Call ${ToolNames.list} for each gist's id, variants and variables.`;
}

export function notConnected(missing: 'apiKey' | 'baseUrl'): string {
  return missing === 'apiKey'
    ? `Not signed in to the gist service. ${NOTHING_SENT} Ask the user to run ${SET_API_KEY} from the Command Palette, then call the tool again.`
    : `No gist service URL is set. ${NOTHING_SENT} Ask the user to run ${SET_SERVICE_URL} from the Command Palette, then call the tool again.`;
}

export function planProblem(problem: PlanProblem): string {
  switch (problem.kind) {
    case 'unknownGist':
      return problem.restricted
        ? `Unknown gist ${quoted(problem.gistId)}. ${NOTHING_SENT} The workspace is in Restricted Mode, so only the user's own gists can be used; call ${ToolNames.list} to see them.`
        : `Unknown gist ${quoted(problem.gistId)}: it is not in the user's gist catalog. ${NOTHING_SENT} Call ${ToolNames.list} to see the gists that can be used.`;
    case 'unknownVariant':
      return `Gist ${quoted(problem.entry.id)} has no variant ${quoted(problem.variant)}. ${NOTHING_SENT} Its variants: ${list(problem.known)}; or leave "variant" out to let the service choose.`;
    case 'unknownVariables':
      return `Gist ${quoted(problem.entry.id)} has no variable ${list(problem.names)}. ${NOTHING_SENT} Its variables: ${list(problem.entry.variables.map((variable) => variable.name))}.`;
    case 'missingValues':
      return `Missing value for ${list(problem.names)} of gist ${quoted(problem.entry.id)}. ${NOTHING_SENT} Pass every variable in "values" (call ${ToolNames.list} for their descriptions), or ask the user for them.`;
  }
}

export const declinedEditorValues = `The user did not agree to send text from their editor or clipboard to this workspace gist. ${NOTHING_SENT} Pass the values explicitly in "values", or ask the user.`;

export const notConfirmed = `The call was not shown to the user for confirmation (the account or the catalog changed meanwhile). ${NOTHING_SENT} Call ${ToolNames.generate} again.`;

export const accountChanged = `The account changed after the user confirmed the call: this window now uses another profile or service than the confirmation named. ${NOTHING_SENT} Call ${ToolNames.generate} again, so the user can confirm where it goes.`;

export const unexpectedFailure = 'The gist call failed unexpectedly; nothing was generated. Tell the user the details are in the log (“Gist: Show Call Log”).';

/** A failed call, by kind, with the service's one-line message and the call id when it gave one. */
export function callFailed(kind: GistErrorKind, message: string, callId: string | undefined): string {
  const said = `The gist service call failed: ${oneLine(message, 300)}${callId === undefined ? '' : ` (call id ${oneLine(callId, 120)})`}.`;
  switch (kind) {
    case 'cancelled':
      return 'The call was cancelled; nothing was generated.';
    case 'authentication':
      return `${said} The API key was refused: ask the user to run ${SET_API_KEY}, then call the tool again.`;
    case 'configuration':
      return `${said} Ask the user to run ${SET_SERVICE_URL} and ${SET_API_KEY}.`;
    case 'notFound':
      return `${said} The service does not know this gist or variant; call ${ToolNames.list} and pick another, or tell the user.`;
    case 'badRequest':
      return `${said} Correct the values as the message says and call the tool again.`;
    case 'rateLimited':
      return `${said} Wait before calling again.`;
    case 'network':
    case 'timeout':
    case 'service':
    case 'malformedResponse':
      return `${said} Tell the user; they can run ${DIAGNOSE} to find out why.`;
  }
}

/** What precedes the generated text in a successful result. */
export function generated(gistId: string, variant: string | undefined, callId: string): string {
  const from = variant === undefined ? `gist ${quoted(gistId)}` : `gist ${quoted(gistId)}, variant ${quoted(variant)}`;
  return `Generated by ${from}; call id ${oneLine(callId, 120)}. The text was not inserted anywhere; it follows:\n`;
}
