// Why a request to a language model gave no answer, as a typed value the judge and the checks act
// on. VS Code's LanguageModelError carries a `code` (the name of the factory that made it:
// NoPermissions, Blocked, NotFound), or another error from the extension that provides the model.
// Which failures end a run and which are worth another try is decided here, once. Pure: no `vscode`.
import { oneLine } from '../shared/oneLine';

export type ModelFailureKind =
  /** The user did not allow this extension to use the model (VS Code's own question), or withdrew it. */
  | 'noPermission'
  /** The provider is not taking requests from this extension now: a rate limit or an exhausted quota. */
  | 'blocked'
  /** The model is no longer there (its extension was removed or signed out). */
  | 'notFound'
  /** The user cancelled. */
  | 'cancelled'
  /** The prompt is longer than the model takes. */
  | 'tooLong'
  /** The answer went on past the length we read. */
  | 'answerTooLong'
  /** Anything else the provider threw: a network failure, a server error, a filter. */
  | 'other';

export class ModelFailure extends Error {
  constructor(
    readonly kind: ModelFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'ModelFailure';
  }

  /** A failure after which no further request of the run can succeed: the run stops and says why. */
  get stopsRun(): boolean {
    return this.kind === 'noPermission' || this.kind === 'blocked' || this.kind === 'notFound' || this.kind === 'cancelled';
  }

  /** A failure that may pass: the same request is tried again after a wait. */
  get worthRetrying(): boolean {
    return this.kind === 'other';
  }
}

export function isModelFailure(value: unknown): value is ModelFailure {
  return value instanceof ModelFailure;
}

/** The kind of a LanguageModelError's `code` (VS Code names it after the factory that made it). */
export function kindOfCode(code: string | undefined): ModelFailureKind {
  switch (code) {
    case 'NoPermissions':
      return 'noPermission';
    case 'Blocked':
      return 'blocked';
    case 'NotFound':
      return 'notFound';
    default:
      return 'other';
  }
}

/** A thrown value (a LanguageModelError, the provider's own error, anything) as a ModelFailure. */
export function modelFailureOf(error: unknown, cancelled: boolean): ModelFailure {
  if (isModelFailure(error)) {
    return error;
  }
  if (cancelled) {
    return new ModelFailure('cancelled', 'Cancelled.');
  }
  const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  // The message comes from another extension: one line, capped, before it reaches a log or a message.
  return new ModelFailure(kindOfCode(code), oneLine(`${message}${cause}`, 500) || 'The model gave no reason.');
}
