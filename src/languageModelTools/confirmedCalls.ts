// What each preparation of a gist_generate call showed for confirmation, kept until the invoke
// that follows it: what goes out is what the user saw (even if the editor or the clipboard changed
// while the question was open), and nothing goes out that a preparation did not show.
//
// VS Code gives a tool that uses the public API no id that ties an `invoke` to its
// `prepareInvocation`: the call id (`toolCallId`, `chatStreamToolCallId`) reaches only extensions
// with proposed API. `prepareInvocation` gets the input (1.100; later versions add the chat
// request and session, undeclared), `invoke` the input and the chat session's token
// (`extHostLanguageModelTools.ts`). What VS Code does guarantee is the order:
// `LanguageModelToolsService.invokeTool` runs one call's preparation, its confirmation and its
// invoke one after the other, and never invokes a call the user cancelled or skipped. So the
// preparation of an invoke is the latest preparation of the same input. Each preparation
// therefore replaces whatever an earlier one of that input left (a question the user cancelled is
// gone then), and records what it showed, or that it showed nothing; invoke takes that, once.
// Pure: no `vscode`.
import type { GenerateRequest } from '../client/types';
import type { CallPlan } from './callPlan';

/** Inputs prepared and not invoked (questions left open or cancelled) are dropped past this, oldest first. */
const MAX_PENDING = 16;

/** Where a call goes: the profile, its service and the header of its key, as the confirmation named them. */
export interface Destination {
  readonly profile: string | undefined;
  readonly baseUrl: string;
  readonly apiKeyHeader: string;
}

/** A call as its confirmation showed it. */
export interface ShownCall {
  readonly plan: CallPlan;
  readonly destination: Destination;
}

export function sameDestination(a: Destination, b: Destination): boolean {
  return a.profile === b.profile && a.baseUrl === b.baseUrl && a.apiKeyHeader.toLowerCase() === b.apiKeyHeader.toLowerCase();
}

/** The same input gives the same key, whatever the order of its values. */
export function inputKey(request: GenerateRequest): string {
  const values = Object.entries(request.values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([request.gistId, request.variant ?? null, values]);
}

interface Preparation {
  readonly key: string;
  /** Undefined while it is worked out, and when it showed nothing. */
  shown: ShownCall | undefined;
}

export class ConfirmedCalls {
  private readonly pending: Preparation[] = [];

  /**
   * A preparation of `input` begins: what any earlier preparation of the same input left is
   * dropped now, before anything is awaited. Returns how to record what this one shows; until it
   * does (and if it shows nothing), an invoke of this input sends nothing.
   */
  begin(input: GenerateRequest): (shown: ShownCall) => void {
    const key = inputKey(input);
    this.drop(key);
    const preparation: Preparation = { key, shown: undefined };
    this.pending.push(preparation);
    if (this.pending.length > MAX_PENDING) {
      this.pending.shift();
    }
    return (shown) => {
      // Replaced meanwhile by a newer preparation of the same input: that one is what counts.
      if (this.pending.includes(preparation)) {
        preparation.shown = shown;
      }
    };
  }

  /** A preparation of `input` that shows `shown`, recorded at once. */
  add(input: GenerateRequest, shown: ShownCall): void {
    this.begin(input)(shown);
  }

  /** What the latest preparation of this input showed, once; undefined when it showed nothing or there was none. */
  take(input: GenerateRequest): ShownCall | undefined {
    const key = inputKey(input);
    const index = this.pending.findIndex((preparation) => preparation.key === key);
    return index === -1 ? undefined : this.pending.splice(index, 1)[0]?.shown;
  }

  private drop(key: string): void {
    const index = this.pending.findIndex((preparation) => preparation.key === key);
    if (index !== -1) {
      this.pending.splice(index, 1);
    }
  }
}
