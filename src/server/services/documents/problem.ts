export type ProblemReason =
  | 'unsupported'
  | 'mismatch'
  | 'empty'
  | 'not-utf8'
  | 'unreadable'
  | 'encrypted'
  | 'no-text'
  | 'too-many-pages'
  | 'too-much-text'
  | 'too-complex';

/** A file Copydesk refuses to read; `message` is written for the user (the upload answers 400 with it). */
export class DocumentProblem extends Error {
  constructor(
    readonly reason: ProblemReason,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentProblem';
  }
}
