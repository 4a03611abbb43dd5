import type { Doc } from '../../text/document';

const ACCUSED =
  /\b(charged|charges?|arrested|accused|suspect|suspected|pleaded not guilty|pleads not guilty|arraign\w*|indicted|indictment|booked|in custody|faces? (?:\w+ )?(?:counts?|charges?)|awaiting trial|allegedly|investigat\w+)\b/i;
const CONVICTED =
  /\b(convicted|found guilty|pleaded guilty|pleads guilty|guilty verdict|sentenced|jury found|found \p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+)?,? (?:\d+, )?guilty|admitted to)\b/iu;

/** What the story says about a criminal case: someone is accused, and whether anyone has been convicted. */
export function caseStatus(doc: Doc): { accused: boolean; convicted: boolean } {
  return doc.memo('case-status', () => ({ accused: ACCUSED.test(doc.text), convicted: CONVICTED.test(doc.text) }));
}
