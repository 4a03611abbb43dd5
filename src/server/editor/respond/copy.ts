import type { ChatTurn, UploadedDocument } from '../types';
import { revisedTextIn, splitMessage } from './intent';
import { inline } from './markdown';

export interface FoundCopy {
  text: string;
  source: 'message' | 'document' | 'history' | 'revision';
  name?: string;
}

/** The copy an earlier turn carries: a user's pasted copy or the editor's revised text. */
export function copyInTurn(turn: ChatTurn): FoundCopy | null {
  if (turn.role === 'assistant') {
    const revised = revisedTextIn(turn.content);
    return revised ? { text: revised, source: 'revision' } : null;
  }
  if (turn.role === 'user') {
    const { copy } = splitMessage(turn.content);
    return copy ? { text: copy, source: 'history' } : null;
  }
  return null;
}

/**
 * The copy to work on: in the message, else the newest document, else the newest
 * copy or revision in the conversation (leaving out the revisions `skip` names).
 */
export function findCopy(
  messageCopy: string,
  history: readonly ChatTurn[],
  documents: readonly UploadedDocument[],
  skip: (turn: ChatTurn) => boolean = () => false,
): FoundCopy | null {
  if (messageCopy) return { text: messageCopy, source: 'message' };
  const doc = [...documents].reverse().find((d) => d.text && d.text.trim());
  if (doc) return { text: doc.text, source: 'document', name: doc.name };
  for (const turn of [...history].reverse()) {
    if (skip(turn)) continue;
    const found = copyInTurn(turn);
    if (found) return found;
  }
  return null;
}

export function sourceNote(copy: FoundCopy): string | null {
  if (copy.source === 'document') return `Working on ${copy.name ? `**${inline(copy.name)}**` : 'your uploaded document'}.`;
  if (copy.source === 'history') return 'Working on the copy from earlier in our conversation.';
  if (copy.source === 'revision') return 'Working on the latest revised version from our conversation.';
  return null;
}
