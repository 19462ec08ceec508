// One multi-step input flow (after quickinput-sample/src/multiStepInput.ts in
// microsoft/vscode-extension-samples), with one difference that matters: the next step's input is
// shown BEFORE the previous one is disposed. VS Code sends `show()` to the workbench a tick after
// `dispose()`, so disposing first leaves a moment with no quick input, focus falls back to the
// editor, and what the user types next lands in their document.
import * as vscode from 'vscode';
import { isFlowButton, type FlowButtonId } from './flowButtons';
import { ContextKeys, setContextKey } from './contextKeys';
import type { InputHold } from './inputHold';

/** Thrown out of a step when the user pressed Back or Escape; the flow handles both. */
class FlowAction extends Error {
  private constructor(readonly kind: 'back' | 'cancel') {
    super(kind);
  }
  static readonly back = new FlowAction('back');
  static readonly cancel = new FlowAction('cancel');
}

/** A step returns the next one, or undefined when the flow is complete. */
export type Step = (input: MultiStepInput) => Promise<Step | undefined>;

interface Common {
  readonly title: string;
  /** Total number of steps as far as known now; the title says "(step/total)". */
  readonly totalSteps: number;
  readonly buttons?: readonly vscode.QuickInputButton[];
}

export interface QuickPickOptions<T extends vscode.QuickPickItem> extends Common {
  readonly items: readonly T[];
  readonly placeholder: string;
  readonly activeItem?: T | undefined;
  readonly matchOnDescription?: boolean;
  readonly matchOnDetail?: boolean;
}

export interface InputBoxOptions extends Common {
  readonly value: string;
  readonly prompt: string;
  readonly placeholder?: string;
  readonly password?: boolean;
  /** A message while the value is not acceptable; Enter does nothing until it is. */
  readonly validate?: (value: string) => string | undefined;
  /** Called with the value typed so far when the user goes Back, so it is there when they return. */
  readonly keep?: (value: string) => void;
}

export interface MultiPickOptions<T extends vscode.QuickPickItem> extends Common {
  readonly items: readonly T[];
  readonly placeholder: string;
  /** Identifies an item across re-renders (the same slug is the same row). */
  readonly keyOf: (item: T) => string;
  readonly selectedKeys: readonly string[];
  /** Enter does nothing below this many picked rows; the placeholder says why instead. */
  readonly minimum: number;
  readonly tooFew: (picked: number) => string;
  /** A row for what the user typed when no row matches it (kept once picked), or undefined. */
  readonly typedItem?: (value: string) => T | undefined;
}

/** An input box's `validate` from a check that says why a value is refused: its reason, or nothing. */
export function reasonIfRefused(check: (value: string) => { readonly ok: true } | { readonly ok: false; readonly reason: string }): (value: string) => string | undefined {
  return (value) => {
    const result = check(value);
    return result.ok ? undefined : result.reason;
  };
}

export type Picked<T> = { readonly kind: 'item'; readonly item: T } | { readonly kind: 'button'; readonly button: vscode.QuickInputButton };
export type PickedMany<T> = { readonly kind: 'items'; readonly items: readonly T[] } | { readonly kind: 'button'; readonly button: vscode.QuickInputButton };
export type Entered = { readonly kind: 'value'; readonly value: string } | { readonly kind: 'button'; readonly button: vscode.QuickInputButton; readonly value: string };

export class MultiStepInput {
  /** The flow on screen, for the buttons' keybindings (one quick input is shown at a time). */
  private static active: MultiStepInput | undefined;
  private current: vscode.QuickInput | undefined;
  /** The current input's buttons and what pressing one does. */
  private currentButtons: readonly vscode.QuickInputButton[] = [];
  private onButton: ((button: vscode.QuickInputButton) => void) | undefined;
  private readonly steps: Step[] = [];
  /** The opening input the flow took over, until the first step replaces it. */
  private opening: vscode.QuickPick<vscode.QuickPickItem> | undefined;

  /**
   * Runs the flow from `start`; false when the user cancelled it. An `opening` input shown while
   * the flow was prepared stays on screen until the first step's input replaces it. With `hold`,
   * a flow that completed leaves its last input to the hold (see InputHold) instead of closing it.
   */
  static async run(start: Step, opening?: OpeningInput, hold?: InputHold): Promise<boolean> {
    // Escape on the opening input while the flow was prepared ends the flow before its first step.
    if (opening?.cancelled() === true) return false;
    const input = new MultiStepInput();
    input.current = input.opening = opening?.handOver();
    MultiStepInput.active = input;
    let completed = false;
    try {
      completed = await input.stepThrough(start);
      return completed;
    } finally {
      if (completed && hold !== undefined && input.current !== undefined) hold.keep(input.current);
      else input.current?.dispose();
      if (MultiStepInput.active === input) {
        MultiStepInput.active = undefined;
        setContextKey(ContextKeys.flowButton, '');
      }
    }
  }

  /** A button's keybinding: presses it on the flow's input on screen, if it has that button. */
  static pressButton(id: FlowButtonId): void {
    const flow = MultiStepInput.active;
    const button = flow?.currentButtons.find((candidate) => isFlowButton(candidate) && candidate.id === id);
    if (flow !== undefined && button !== undefined) {
      flow.onButton?.(button);
    }
  }

  /** The number of the step being shown (1-based). */
  get step(): number {
    return this.steps.length;
  }

  private async stepThrough(start: Step): Promise<boolean> {
    let step: Step | undefined = start;
    while (step !== undefined) {
      this.steps.push(step);
      if (this.current !== undefined) {
        // Stays on screen (and focused) while the next step is prepared.
        this.current.busy = true;
      }
      try {
        step = await step(this);
      } catch (error) {
        if (error === FlowAction.back) {
          this.steps.pop();
          step = this.steps.pop();
        } else if (error === FlowAction.cancel) {
          return false;
        } else {
          throw error;
        }
      }
    }
    return true;
  }

  /** Ends the flow as if the user pressed Escape (a step that hands over to another UI). */
  cancel(): never {
    throw FlowAction.cancel;
  }

  /** Shows the input on screen as busy (and keeps focus in it) while the step works, reading a file say. */
  busy(): void {
    if (this.current !== undefined) {
      this.current.busy = true;
    }
  }

  /** Hides the flow's input, for a step that continues in an editor (Edit in Editor…). */
  hide(): void {
    this.current?.dispose();
    this.current = undefined;
    this.currentButtons = [];
    this.onButton = undefined;
    setContextKey(ContextKeys.flowButton, '');
  }

  private present(input: vscode.QuickInput, buttons: readonly vscode.QuickInputButton[], onButton: (button: vscode.QuickInputButton) => void): void {
    const previous = this.current;
    if (previous !== undefined && previous === this.opening) {
      // What the user typed while the flow was prepared is kept, as if typed here.
      const typed = this.opening.value;
      if (typed !== '' && 'value' in input && input.value === '') input.value = typed;
      this.opening = undefined;
    }
    this.current = input;
    this.currentButtons = buttons;
    this.onButton = onButton;
    const own = buttons.find(isFlowButton);
    setContextKey(ContextKeys.flowButton, own?.id ?? '');
    input.show();
    if (previous !== undefined) {
      // Disposed once the new input has replaced it on screen (that hides it), never before.
      previous.onDidHide(() => previous.dispose());
    }
  }

  private buttonsFor(buttons: readonly vscode.QuickInputButton[] | undefined): vscode.QuickInputButton[] {
    return [...(this.steps.length > 1 ? [vscode.QuickInputButtons.Back] : []), ...(buttons ?? [])];
  }

  private titleFor(options: Common): string {
    return `${options.title} (${this.step}/${Math.max(this.step, options.totalSteps)})`;
  }

  async showQuickPick<T extends vscode.QuickPickItem>(options: QuickPickOptions<T>): Promise<Picked<T>> {
    const picker = vscode.window.createQuickPick<T>();
    picker.title = this.titleFor(options);
    picker.placeholder = options.placeholder;
    picker.matchOnDescription = options.matchOnDescription ?? false;
    picker.matchOnDetail = options.matchOnDetail ?? false;
    picker.ignoreFocusOut = true;
    picker.items = options.items;
    if (options.activeItem !== undefined) {
      picker.activeItems = [options.activeItem];
    }
    picker.buttons = this.buttonsFor(options.buttons);
    return this.ask<Picked<T>>(picker, (button) => ({ kind: 'button', button }), (resolve) => [
      picker.onDidAccept(() => {
        const item = picker.selectedItems[0] ?? picker.activeItems[0];
        if (item !== undefined) {
          resolve({ kind: 'item', item });
        }
      }),
    ]);
  }

  /** A list with a checkbox per row (Space toggles the row the keyboard is on). */
  async showMultiPick<T extends vscode.QuickPickItem>(options: MultiPickOptions<T>): Promise<PickedMany<T>> {
    const picker = vscode.window.createQuickPick<T>();
    picker.title = this.titleFor(options);
    picker.placeholder = options.placeholder;
    picker.canSelectMany = true;
    picker.matchOnDescription = true;
    picker.ignoreFocusOut = true;
    picker.buttons = this.buttonsFor(options.buttons);
    // Rows for typed values stay once picked, so several can be typed in turn.
    const kept: T[] = [];
    const render = (value: string): void => {
      const chosen = new Set(picker.selectedItems.map(options.keyOf));
      const rows = [...options.items, ...kept];
      const typed = options.typedItem?.(value.trim());
      const extra = typed !== undefined && !rows.some((row) => options.keyOf(row) === options.keyOf(typed)) ? [typed] : [];
      picker.items = [...rows, ...extra];
      picker.selectedItems = picker.items.filter((row) => chosen.has(options.keyOf(row)));
    };
    picker.items = options.items;
    picker.selectedItems = options.items.filter((item) => options.selectedKeys.includes(options.keyOf(item)));
    return this.ask<PickedMany<T>>(picker, (button) => ({ kind: 'button', button }), (resolve) => [
      picker.onDidChangeValue(render),
      picker.onDidChangeSelection((selection) => {
        for (const item of selection) {
          if (!options.items.includes(item) && !kept.some((row) => options.keyOf(row) === options.keyOf(item))) {
            kept.push(item);
          }
        }
      }),
      picker.onDidAccept(() => {
        const picked = picker.selectedItems;
        if (picked.length < options.minimum) {
          picker.placeholder = options.tooFew(picked.length);
          return;
        }
        resolve({ kind: 'items', items: picked });
      }),
    ]);
  }

  async showInputBox(options: InputBoxOptions): Promise<Entered> {
    const input = vscode.window.createInputBox();
    input.title = this.titleFor(options);
    input.prompt = options.prompt;
    input.placeholder = options.placeholder;
    input.value = options.value;
    input.password = options.password ?? false;
    input.ignoreFocusOut = true;
    input.buttons = this.buttonsFor(options.buttons);
    const validate = options.validate ?? (() => undefined);
    return this.ask<Entered>(
      input,
      (button) => ({ kind: 'button', button, value: input.value }),
      (resolve) => [
        input.onDidAccept(() => {
          const message = validate(input.value);
          input.validationMessage = message;
          if (message === undefined) {
            resolve({ kind: 'value', value: input.value });
          }
        }),
        input.onDidChangeValue((value) => {
          input.validationMessage = validate(value);
        }),
      ],
      () => options.keep?.(input.value),
    );
  }

  /**
   * Shows `input` as the current step and waits for `listen` to resolve, or a button: Back and
   * Escape end the step with the flow's action (after `beforeBack`, which keeps what was typed).
   * The listeners go however the step ends.
   */
  private async ask<R>(
    input: vscode.QuickPick<vscode.QuickPickItem> | vscode.InputBox,
    buttonResult: (button: vscode.QuickInputButton) => R,
    listen: (resolve: (result: R) => void) => vscode.Disposable[],
    beforeBack?: () => void,
  ): Promise<R> {
    const subscriptions: vscode.Disposable[] = [];
    try {
      return await new Promise<R>((resolve, reject) => {
        const onButton = (button: vscode.QuickInputButton): void => {
          if (button === vscode.QuickInputButtons.Back) {
            beforeBack?.();
            reject(FlowAction.back);
          } else {
            resolve(buttonResult(button));
          }
        };
        subscriptions.push(input.onDidTriggerButton(onButton), input.onDidHide(() => reject(FlowAction.cancel)), ...listen(resolve));
        this.present(input, input.buttons, onButton);
      });
    } finally {
      for (const subscription of subscriptions) {
        subscription.dispose();
      }
    }
  }
}

/**
 * A flow's input shown at once, busy, while the command does the slow work its first step needs
 * (reading a results file, say). Run from the palette over a webview editor, VS Code gives that
 * webview its focus again 50 ms after the palette closes, through a message to its frame: an input
 * shown in that moment loses the keyboard to the view, and what the user types goes there. Shown
 * at once, the input holds the keyboard before VS Code looks; the first step's input replaces it
 * (`MultiStepInput.run`), or it closes when the command ends without one.
 */
export class OpeningInput implements vscode.Disposable {
  private readonly picker = vscode.window.createQuickPick();
  private readonly hidden: vscode.Disposable;
  private handedOver = false;
  private closedByUser = false;

  constructor(title: string, placeholder: string) {
    this.picker.title = title;
    this.picker.placeholder = placeholder;
    this.picker.busy = true;
    this.picker.ignoreFocusOut = true;
    this.hidden = this.picker.onDidHide(() => {
      if (!this.handedOver) this.closedByUser = true;
    });
    this.picker.show();
  }

  /** The input, for the flow to replace on screen; it is the flow's to dispose from then on. */
  handOver(): vscode.QuickPick<vscode.QuickPickItem> | undefined {
    if (this.handedOver || this.closedByUser) return undefined;
    this.handedOver = true;
    this.hidden.dispose();
    return this.picker;
  }

  /** True once the user closed it (Escape): the command ends there. */
  cancelled(): boolean {
    return this.closedByUser;
  }

  dispose(): void {
    this.hidden.dispose();
    if (!this.handedOver) this.picker.dispose();
  }
}
