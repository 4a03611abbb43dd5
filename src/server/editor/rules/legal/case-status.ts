import type { Doc } from '../../text/document';

// "charge" alone is as often a fee, a battery or a cavalry charge, "custody" a child's, "admitted" a patient's
const ACCUSED =
  /\b(charged(?:\s+[\p{L}\p{N}'’.,-]+){0,4}?\s+(?:with|in)\b|(?:criminal|felony|misdemeanor|murder|federal|state|assault|theft|drug|fraud|weapons?) charges?|(?<!\bin )charges? (?:of|against|were filed|was filed|were dropped|stem)|(?:was|were|been|is|are) arrested|arrested (?:a|an|the|him|her|them|\p{Lu}[\p{L}'’-]+)|accused|suspect|suspected|pleaded not guilty|pleads not guilty|arraign\w*|indicted|indictment|booked|in (?:police |federal |state )?custody|faces? (?:\w+ )?(?:counts?|charges?)|awaiting trial|allegedly|(?:police|detectives|deputies|troopers|investigators|authorities|prosecutors|the FBI|sheriff['’]s office) (?:(?:is|are|were|was|have been|has been) )?investigat\w+)\b/iu;
export const CONVICTED =
  /\b(convicted|found guilty|pleaded guilty|pleads guilty|guilty verdict|sentenced|jury found|found \p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+)?,? (?:\d+, )?guilty|admitted to (?:killing|stealing|taking|setting|shooting|stabbing|assaulting|embezzling|the (?:killing|theft|robbery|assault|shooting)))\b/iu;

/** What the story says about a criminal case: someone is accused, and whether anyone has been convicted. */
export function caseStatus(doc: Doc): { accused: boolean; convicted: boolean } {
  return doc.memo('case-status', () => ({ accused: ACCUSED.test(doc.text), convicted: convictedIn(doc.text) }));
}

const CONVICTED_ALL = new RegExp(CONVICTED.source, 'giu');

/** A grand jury indicts ("a grand jury convicted" is the story's mistake), and "if convicted" is a conditional: neither is a conviction. */
function convictedIn(text: string): boolean {
  for (const m of text.matchAll(CONVICTED_ALL))
    if (
      !/(?:grand jury|\bif|\bunless|\b(?:could|would|if \w+ (?:is|are)|not|never) be(?:en)?)\s+$/i.test(
        text.slice(Math.max(0, m.index - 20), m.index),
      )
    )
      return true;
  return false;
}
