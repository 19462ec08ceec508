// VS Code's notification link grammar, ported so tests can see a message as the workbench does.
//
// From microsoft/vscode at 1fe872e131c0b79e006abdc87c78f2ea26bc82f6:
//   - src/vs/base/common/linkedText.ts: LINK_REGEX and parseLinkedText, unchanged;
//   - src/vs/workbench/common/notifications.ts, NotificationViewItem.parseNotificationMessage: the
//     message is cut to MAX_MESSAGE_LENGTH (1000) characters plus "...", its line breaks become
//     spaces, it is trimmed, then parsed.
// The same regular expression is in the workbench of VS Code 1.139 (code-server 4.139.1) and renders
// quick input prompts and validation messages (renderQuickInputDescription) and progress titles.
// Every link it finds is rendered as an anchor that runs its `command:` target or opens its URL.

export interface Link {
  readonly label: string;
  readonly href: string;
  readonly title?: string;
}

export type LinkedTextNode = string | Link;

const LINK_REGEX = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;

export function parseLinkedText(text: string): LinkedTextNode[] {
  const result: LinkedTextNode[] = [];
  let index = 0;
  let match: RegExpExecArray | null;
  LINK_REGEX.lastIndex = 0;
  while ((match = LINK_REGEX.exec(text))) {
    if (match.index - index > 0) {
      result.push(text.substring(index, match.index));
    }
    const [, label = '', href = '', , title] = match;
    result.push(title ? { label, href, title } : { label, href });
    index = match.index + match[0].length;
  }
  if (index < text.length) {
    result.push(text.substring(index));
  }
  return result;
}

const MAX_MESSAGE_LENGTH = 1000;

/** What a notification renders for `message`: text and links, in order. */
export function notificationNodes(message: string): LinkedTextNode[] {
  let text = message;
  if (text.length > MAX_MESSAGE_LENGTH) {
    text = `${text.substring(0, MAX_MESSAGE_LENGTH)}...`;
  }
  text = text.replace(/(\r\n|\n|\r)/gm, ' ').trim();
  return parseLinkedText(text);
}

/** The links a notification (or a quick input prompt) would render for `message`. */
export function renderedLinks(message: string): Link[] {
  return notificationNodes(message).filter((node): node is Link => typeof node !== 'string');
}
