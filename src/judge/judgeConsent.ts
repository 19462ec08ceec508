// The consent modal before a judge is called: where the outputs go (the model, its vendor, through
// VS Code's Language Model API), what each request holds and what it never holds, how many pairs
// and requests, where the votes go. A modal, so nothing can happen behind it; Cancel sends nothing.
// In Test mode a test answers it (api.testing.answerJudgeConsent), since the extension host cannot
// click a modal.
import * as vscode from 'vscode';
import { askModal } from '../shared/notify';
import { messageLines, userMessage } from '../shared/userMessage';
import type { JudgeConsentDialog } from './judgeConsentQuestion';

const INSTRUCTION_SHOWN_CHARS = 400;

export const askJudgeConsent: JudgeConsentDialog = async (question) => {
  const all = question.pendingPairs === 1 ? vscode.l10n.t('Judge 1 Pair') : vscode.l10n.t('Judge All {0} Pairs', question.pendingPairs.toLocaleString());
  const sample = question.sample === undefined ? undefined : vscode.l10n.t('Judge {0} Pairs (a Random Sample)', question.sample.pairs);
  const instruction = question.instruction.length > INSTRUCTION_SHOWN_CHARS ? `${question.instruction.slice(0, INSTRUCTION_SHOWN_CHARS - 1)}…` : question.instruction;
  const detail = messageLines(
    userMessage(vscode.l10n.t('The outputs go to the language model “{0}” (vendor {1}, family {2}) through VS Code’s Language Model API. Where that model runs, and what its vendor keeps, is up to the extension that provides it.'), question.model.name, question.model.vendor, question.model.family),
    userMessage(vscode.l10n.t('Each request holds the judging instruction, the gist “{0}”, one row’s values and two of its outputs: never variant names, call ids or your API key.'), question.gist),
    question.sample === undefined
      ? question.pendingPairs === 1
        ? userMessage(vscode.l10n.t('1 pair, judged twice with the sides swapped: {0} requests, one at a time.'), question.requests)
        : userMessage(vscode.l10n.t('{0} pairs, each judged twice with the sides swapped: {1} requests, one at a time.'), question.pendingPairs, question.requests)
      : userMessage(vscode.l10n.t('{0} pairs, each judged twice with the sides swapped: {1} requests, one at a time; or a random sample of {2} pairs: {3} requests.'), question.pendingPairs, question.requests, question.sample.pairs, question.sample.requests),
    ...(question.resumed ? [userMessage(vscode.l10n.t('This model judged {0} of the {1} pairs before, with the instruction below; only the rest are asked.'), question.judgedPairs, question.totalPairs)] : []),
    userMessage(vscode.l10n.t('Votes go to {0}, apart from people’s votes.'), question.votesFile),
    question.instruction.length > INSTRUCTION_SHOWN_CHARS
      ? userMessage(vscode.l10n.t('Instruction ({0} characters, all of them yours or read whole before): {1}'), question.instruction.length.toLocaleString(), instruction)
      : userMessage(vscode.l10n.t('Instruction: {0}'), instruction),
  );
  const message = userMessage(vscode.l10n.t('Send outputs of {0} to “{1}” to judge?'), question.resultsFile, question.model.name);
  const choice = await askModal(message, detail, ...(sample === undefined ? [all] : [all, sample]));
  return choice === all ? question.pendingPairs : choice !== undefined && choice === sample ? question.sample?.pairs : undefined;
};
