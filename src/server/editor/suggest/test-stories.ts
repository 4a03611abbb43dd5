/**
 * Stories written for the suggestion tests in the way reporters file them, one per
 * beat, some with the slips a copy desk fixes (and one with a label a desk must
 * never carry into a headline).
 */
export interface TestStory {
  beat: string;
  text: string;
}

export const COURTS: TestStory = {
  beat: 'courts',
  text: `MARLOW, Okla. — A Marlow man was charged Tuesday in the stabbing of his neighbor during an argument over a parked car, police said.

Dale Wickham, 41, is charged with assault with a deadly weapon and is being held in the Stephens County jail on $50,000 bond, according to court records.

Officers found the 58-year-old neighbor bleeding in his driveway on Elm Street shortly after 9 p.m. Sunday. He was taken to a hospital in Lawton and is expected to survive, police said.

Wickham's attorney, Renee Ortiz, said her client would plead not guilty. "He was defending himself, and the evidence will show that," she said.

A preliminary hearing is scheduled for Dec. 9.`,
};

export const POLICE_LABEL: TestStory = {
  beat: 'police',
  text: `Police on Tuesday arrested the killer of a 72-year-old Marlow woman who was found dead in her home last week, Chief Dan Ruiz said.

Travis Boone, 29, was charged with first-degree murder and is being held without bail in the Stephens County jail.

Officers found Edna Pruitt dead in the kitchen of her home on Cedar Street on Nov. 12 after a neighbor called 911 to say she had not picked up her mail in three days.

Ruiz said detectives identified Boone through fingerprints found on a back door. He did not say how the two knew each other.

Boone's court-appointed attorney did not return a call seeking comment.`,
};

export const COUNCIL: TestStory = {
  beat: 'council',
  text: `WRENFIELD, Ohio — The Wrenfield City Council voted 5-2 Monday night to raise water rates by 8 per cent starting in January, the first increase in six years.

The increase will add about $4 a month to the average household bill, Utilities Director Karen Mosley told the council. The city needs the money in order to replace water mains that are more than 80 years old, she said.

Council members Tom Reyes and Lisa Grant voted against the the increase. Reyes said the city should of looked for state grants first.

The new rates take effect Jan. 1.`,
};

export const BUSINESS: TestStory = {
  beat: 'business',
  text: `AUSTIN, Texas — Shares of Corvane Systems fell 14% on Wednesday after the software maker cut its sales forecast for the year and said it would lay off about 600 workers.

The Austin-based company now expects revenue of $1.2 billion to $1.25 billion, down from its earlier forecast of $1.4 billion. Chief Executive Maria Ocampo said customers were delaying purchases because of higher interest rates.

The layoffs amount to about 8% of Corvane's workforce and will mostly affect its sales and marketing teams, the company said in a filing.

"We grew too fast, and we are fixing that now," Ocampo told analysts on a conference call.`,
};

export const SPORTS: TestStory = {
  beat: 'sports',
  text: `Jalen Pierce threw for three touchdowns and ran for another as Central High beat Eastwood 35-14 on Friday night to win its first district title since 2009.

Pierce, a junior, completed 18 of 24 passes for 246 yards. His 42-yard pass to Marcus Dade early in the third quarter gave the Bulldogs a 21-7 lead.

Eastwood (8-3) pulled within a touchdown when Devin Shaw returned a punt 71 yards late in the third quarter, but Central answered with two scores.

"We knew they would come back at us, and our guys never blinked," Central coach Ray Tillman said.

Central (10-1) will host Lincoln in the first round of the state playoffs next Friday.`,
};

export const SCIENCE: TestStory = {
  beat: 'science',
  text: `People who walked at least 7,000 steps a day were about 47% less likely to die over a decade than those who walked fewer than 4,000, according to a study published Monday in the journal Lancet Public Health.

Researchers at the University of Sydney followed 51,000 adults in 12 countries who wore step counters for at least a week.

The benefit leveled off at about 10,000 steps, said lead author Priya Natarajan, an epidemiologist at the university.

The study was paid for by the Australian government and did not receive money from makers of fitness trackers.`,
};

export const OBITUARY: TestStory = {
  beat: 'obituary',
  text: `DUNMORE, Pa. — Harold "Hal" Brenner, who ran Brenner Hardware on Main Street for 44 years and coached youth baseball for three decades, died Saturday at a hospice in Scranton. He was 88.

His daughter, Ellen Brenner Kowalski, said he died of heart failure.

Brenner was born in Dunmore in 1936 and took over the store from his father in 1962. He sold it in 2006.

"Half the town learned to throw a curveball from my dad," Kowalski said.

A funeral Mass will be held at 10 a.m. Friday at St. Mary's Church in Dunmore.`,
};

export const ARREST: TestStory = {
  beat: 'police',
  text: `GREENSBURG, Pa. — Two teenagers were arrested Sunday after a high-speed chase that ended when their stolen car crashed into a fence on Route 30, state police said.

The 17-year-old driver and a 16-year-old passenger were taken to the Westmoreland County juvenile detention center. Their names were not released because they are minors.

Troopers said the chase began at about 2 a.m. when the car, reported stolen in Greensburg on Saturday, ran a red light in Latrobe. It reached speeds of about 90 mph.

No one was hurt.`,
};

export const LOTTERY: TestStory = {
  beat: 'local',
  text: `A Peoria, Illinois, woman won $2 million in the state lottery Saturday, lottery officials said.

Janet Morrow, 63, bought the ticket at a gas station on War Memorial Drive. She said she plans to pay off her mortgage and travel to Ireland.

"I checked the numbers four times," Morrow said.`,
};

/**
 * A council story with the traps a desk catches: a council member's opinion with
 * its attribution after it, a misspelling the review flags but cannot fix on its
 * own ("sytem"), one it fixes ("libary"), "Main street", a library director named
 * with her title and later by surname, an anniversary, and a lede whose main noun
 * phrase ("a $12 million library renovation") a headline must keep.
 */
export const LIBRARY: TestStory = {
  beat: 'council library',
  text: `MAPLE GROVE, Minn. — The Maple Grove City Council approved a $12 million library renovation Tuesday night in a 5-2 vote, the largest building project the city has taken on in a decade.

The city should have sought state grants before borrowing the money, council member Dana Whitfield said. She and Luis Ortega voted against the plan.

The renovation adds a children's wing, a teen room and an elevator and replaces the roof and the heating sytem. The libary will move to a temporary site on Main street while the work is under way.

Library director Susan Park told the council the building no longer meets the needs of the families who use it. Park said visits have grown by a third since 2015.

"This is a reckless way to spend taxpayer money," Whitfield said.

The city will pay for the project with bonds, which will cost the average homeowner about $38 a year for 20 years, finance director Greg Lund said.

The library opened in 1964, and the work is expected to be finished in time for its 60th anniversary next fall. Park, the director since 2011, said the staff plans a weeklong open house with tours of the new spaces.

Mayor Ellen Voss said the library is the heart of the community. "People have been asking for this for years," she said. The council will review bids at its next meeting on Oct. 14, Voss said.`,
};

export const STORIES: readonly TestStory[] = [COURTS, POLICE_LABEL, COUNCIL, BUSINESS, SPORTS, SCIENCE, OBITUARY, ARREST, LOTTERY, LIBRARY];
