// The language model tools' names, as package.json's `languageModelTools` declares them. Pure: no `vscode`.
export const ToolNames = {
  generate: 'gist_generate',
  list: 'gist_list',
} as const;

export type ToolName = (typeof ToolNames)[keyof typeof ToolNames];
