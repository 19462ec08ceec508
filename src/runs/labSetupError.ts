// A run that cannot start as asked (before any call): the plan itself is wrong. Pure: no `vscode`.

export class LabSetupError extends Error {
  override readonly name = 'LabSetupError';
}

export function isLabSetupError(value: unknown): value is LabSetupError {
  return value instanceof LabSetupError;
}
