// How pure code asks a language model: a prompt in, the answer's text out. In VS Code it is a chat
// model the user picked (chatModelAsker in askChatModel.ts); in tests, a function. A failure is a
// thrown ModelFailure (modelFailure.ts). Pure: no `vscode`.

/** Sends `prompt` as one user message and resolves with the whole answer; `signal` cancels the request. */
export type AskModel = (prompt: string, signal?: AbortSignal) => Promise<string>;
