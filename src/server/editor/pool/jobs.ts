import type { StylebookEntry } from '../../../shared/schemas/stylebook';
import { analyze } from '../analyze';
import { compare } from '../compare';
import { editorGrounding } from '../grounding';
import { respond, type RespondInput } from '../respond/respond';
import { sourcesNote } from '../respond/sources';
import { compileStylebook } from '../stylebook/compile';
import type { UploadedDocument } from '../types';

/** The engine's CPU-heavy entry points, as the editor pool's workers run them. */
export const editorJobs = {
  analyze: ({ text, stylebook }: { text: string; stylebook?: readonly StylebookEntry[] }) =>
    analyze(text, { stylebook: stylebook?.length ? compileStylebook(stylebook) : undefined }),
  respond: (input: RespondInput) => respond(input),
  grounding: (text: string) => editorGrounding(text),
  sourcesNote: ({ copy, documents }: { copy: string; documents: readonly UploadedDocument[] }) => sourcesNote(copy, documents),
  compareDrafts: async ({ before, after }: { before: string; after: string }) => {
    const { findings } = await analyze(before);
    return compare(before, after, { findings });
  },
};

export type EditorJobs = typeof editorJobs;
export type EditorJobKind = keyof EditorJobs;
