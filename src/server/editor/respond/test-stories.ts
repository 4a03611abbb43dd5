/** Stories the chat tests send: original copy, written for these tests. */

/** A court story of 258 words: a lede, a named accused, three quoted voices, a lawyer's non-response and background at the bottom. */
export const STABBING = [
  'MARLOW, Ohio — A 34-year-old Marlow man was charged Tuesday with aggravated assault after a stabbing outside a downtown bar early Sunday, police said.',
  'Derek Haines, of the 400 block of Elm Street, is accused of stabbing a 27-year-old man in the abdomen during an argument at about 1:30 a.m. outside the Copper Kettle on Main Street, according to a police report.',
  'The victim was taken to Marlow General Hospital, where he was listed in stable condition Tuesday, a hospital spokeswoman said.',
  '"It was over in seconds," said bartender Lisa Crane, who called 911. "He just pulled a knife and swung."',
  'Haines was being held in the Marlow County Jail on a $50,000 bond. His attorney, Mark Feld, did not return a call seeking comment.',
  'Police Chief Ana Ruiz said assaults downtown have doubled this year.',
  '"We are going to be putting more officers on the street on weekends," Ruiz said. "We want people to feel safe."',
  'The Copper Kettle has been cited twice by the state liquor board since 2021 for serving visibly intoxicated patrons, records show. Owner Tom Beck said the bar has added security staff and cameras.',
  '"We cooperate fully with police and always have," Beck said.',
  'A preliminary hearing is scheduled for next month. If convicted, Haines faces up to eight years in prison.',
  'The stabbing is the third downtown this year. Residents of the nearby Riverside neighborhood have asked the city council for more street lighting, and the council is expected to take up the request at its meeting in the spring.',
].join('\n\n');

/** A council story with AP style slips (a time, a percentage, "stated", a courtesy title), a wordy phrase and no response from the critics' target. */
export const WATER_RATES = [
  'The Larkhaven City Council will hold a public hearing on the proposed water rate increase at 7pm Tuesday at City Hall.',
  'The increase would raise the average monthly bill by 6 per cent, according to a staff report. The utility needs the money in order to replace pipes that are 80 years old, Utilities Director Sam Ortega stated.',
  'Mrs. Dana Whitfield, who lives on Cedar Street, said the increase would hurt retirees on fixed incomes.',
  '"We are excited to bring this to our community," Mayor Jo Reyes said.',
].join('\n\n');

/** Counts the words the way the editor does. */
export const wordsIn = (text: string) => text.match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)?.length ?? 0;

/** Every quotation in a text, marks included. */
export const quotesIn = (text: string) => text.match(/"[^"]+"/g) ?? [];

/** An interview transcript, the source of BRIDGE's quotations. */
export const BRIDGE_TRANSCRIPT = [
  'Interview with Eastfield Mayor Dana Ortiz, city hall, March 3',
  '',
  'Q: Why rebuild the bridge now?',
  'ORTIZ: We have waited a decade for this bridge, and the people of Eastfield deserve better than a detour.',
  'Q: How will the city pay for it?',
  'ORTIZ: I will not raise property taxes to pay for it. We have the money in the capital fund.',
  'Q: When does work start?',
  'ORTIZ: Crews should be on site in the first week of May, weather permitting.',
].join('\n');

/**
 * A story quoting BRIDGE_TRANSCRIPT: one quotation exact (with curly marks and an ellipsis),
 * one altered ("a decade" became "ten years") and one in no source.
 */
export const BRIDGE = [
  'EASTFIELD — Mayor Dana Ortiz said Monday the city will rebuild the Mill Street bridge, closed since a flood in 2019.',
  '“I will not raise property taxes … We have the money in the capital fund,” Ortiz said in an interview.',
  '"We have waited ten years for this bridge, and the people of Eastfield deserve better than a detour," she said.',
  '"The state has promised to cover half of the cost," Ortiz said.',
  'Crews are expected to start work in May.',
].join('\n\n');
