/**
 * Fresh news copy for the editor bench: wire-style stories from ten beats (council,
 * courts, business, sports, science, obituaries, police, weather, schools, transit)
 * with datelines, attributed quotes, ages, money, scores, dates and times, written
 * the way AP copy is. Names, places and figures are drawn from a seeded generator,
 * and a generator never emits the same sentence twice, so a grammar checker that
 * caches what it has seen never sees a sentence it knows.
 */
import { rng, type Rng } from './support';

const WOMEN =
  'Ana Abigail Adaeze Aisha Alejandra Amara Amy Andrea Angela Beatriz Bianca Brenda Camila Carmen Catherine Chloe Claire Dana Deborah Denise Diana Elena Eleanor Erin Esther Fatima Fiona Gabriela Grace Hannah Helen Imani Ingrid Irene Jasmine Jennifer Joanna Julia Karen Keiko Laura Leila Linda Lucia Mara Margaret Maria Marisol Megan Mei Michelle Miriam Nadia Naomi Natalie Nicole Nora Olivia Paula Priya Rachel Rebecca Renee Rosa Ruth Samantha Sara Shanice Sofia Sonia Tamara Teresa Valerie Vanessa Wendy Yolanda Yuki Zainab'.split(
    ' ',
  );
const MEN =
  'Aaron Adam Ahmed Alan Andre Anthony Arjun Ben Brian Caleb Carlos Chen Chris Daniel Darnell David Dmitri Eduardo Eli Emmanuel Eric Felipe Frank Gary George Hassan Hector Hiroshi Ian Isaac Jamal James Javier Jerome Joel Jonah Jorge Joseph Kevin Kwame Lamar Leon Luis Malcolm Marcus Mark Martin Mateo Michael Miguel Nathan Neil Omar Oscar Owen Patrick Paul Pedro Rafael Raj Raymond Ricardo Robert Samuel Sean Stephen Tariq Terrence Thomas Tomas Victor Walter Wei Xavier'.split(
    ' ',
  );
const SURNAMES =
  "Abernathy Acosta Adeyemi Alvarez Andersen Baker Banerjee Barnes Bello Bishop Brennan Brooks Caldwell Campbell Castillo Chavez Cho Coleman Cruz Dalton Delgado Dixon Donovan Dubois Edwards Ellison Espinoza Farrell Ferreira Fischer Fitzgerald Fleming Fuentes Garcia Gallagher Gordon Greene Gupta Haddad Hale Hansen Harper Hayes Herrera Hoffman Holloway Huang Ibarra Ito Jackson Jensen Johansson Kaplan Kaur Keller Kennedy Khan Kim Kowalski Lambert Larsen Lee Lindqvist Lopez Lowell Mahoney Malone Marquez Mbeki McAllister Medina Mendoza Mercer Morales Moreau Murphy Nakamura Navarro Nguyen Novak Nwosu O'Brien Okafor Okonkwo Olsen Ortega Osei Park Patel Pearson Pena Petrov Pham Quinn Ramirez Rao Reyes Rhodes Rios Rivera Romero Rosen Russo Saito Salazar Sandoval Schmidt Shapiro Sharma Silva Sloane Sorensen Stein Sullivan Takahashi Tanaka Thompson Torres Tran Turner Valdez Vargas Vasquez Vaughn Walsh Washington Weber Whitaker Wilder Wong Yamamoto Yilmaz Young Zhang Zimmerman".split(
    ' ',
  );
/** City, its state as AP writes it in a dateline, and spelled out for body text. */
const PLACES =
  'Albany|N.Y.|New York; Allentown|Pa.|Pennsylvania; Asheville|N.C.|North Carolina; Bakersfield|Calif.|California; Billings|Mont.|Montana; Boise|Idaho|Idaho; Burlington|Vt.|Vermont; Cedar Rapids|Iowa|Iowa; Charleston|W.Va.|West Virginia; Chattanooga|Tenn.|Tennessee; Columbia|S.C.|South Carolina; Dayton|Ohio|Ohio; Duluth|Minn.|Minnesota; Eugene|Ore.|Oregon; Fargo|N.D.|North Dakota; Flagstaff|Ariz.|Arizona; Fort Collins|Colo.|Colorado; Fresno|Calif.|California; Gainesville|Fla.|Florida; Grand Rapids|Mich.|Michigan; Green Bay|Wis.|Wisconsin; Hartford|Conn.|Connecticut; Lafayette|La.|Louisiana; Lansing|Mich.|Michigan; Lexington|Ky.|Kentucky; Lincoln|Neb.|Nebraska; Macon|Ga.|Georgia; Manchester|N.H.|New Hampshire; Missoula|Mont.|Montana; Mobile|Ala.|Alabama; Naperville|Ill.|Illinois; Norman|Okla.|Oklahoma; Olympia|Wash.|Washington; Peoria|Ill.|Illinois; Portland|Maine|Maine; Provo|Utah|Utah; Reno|Nev.|Nevada; Roanoke|Va.|Virginia; Rochester|Minn.|Minnesota; Santa Fe|N.M.|New Mexico; Savannah|Ga.|Georgia; Sioux Falls|S.D.|South Dakota; Spokane|Wash.|Washington; Springfield|Mo.|Missouri; Tallahassee|Fla.|Florida; Topeka|Kan.|Kansas; Trenton|N.J.|New Jersey; Tucson|Ariz.|Arizona; Waco|Texas|Texas; Wilmington|Del.|Delaware; Worcester|Mass.|Massachusetts; Yakima|Wash.|Washington'
    .split('; ')
    .map((p) => p.split('|') as [string, string, string]);
const COUNTIES = 'Harlan Marion Clark Lake Jefferson Franklin Monroe Warren Greene Polk Benton Lincoln'.split(' ');
const STREETS = 'Alder Birch Cedar Chestnut Elm Hawthorne Juniper Linden Magnolia Maple Oak Pine Spruce Sycamore Walnut Willow'.split(' ');
const STREET_KINDS: ReadonlyArray<readonly [string, string]> = [
  ['Street', 'St.'],
  ['Avenue', 'Ave.'],
  ['Boulevard', 'Blvd.'],
];
const WEEKDAYS = 'Monday Tuesday Wednesday Thursday Friday'.split(' ');
const MONTHS: ReadonlyArray<readonly [string, string]> = [
  ['January', 'Jan.'],
  ['February', 'Feb.'],
  ['March', 'March'],
  ['April', 'April'],
  ['May', 'May'],
  ['June', 'June'],
  ['July', 'July'],
  ['August', 'Aug.'],
  ['September', 'Sept.'],
  ['October', 'Oct.'],
  ['November', 'Nov.'],
  ['December', 'Dec.'],
];
const SMALL = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const ORDINALS = ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'];
const COMPANY_FIRST = 'Northwind Cascade Ridgeline Bluewater Summit Ironwood Harbor Prairie Keystone Redstone Silverline Meridian'.split(
  ' ',
);
const COMPANY_SECOND =
  'Components Freight Foods Robotics Textiles Plastics Instruments Energy Packaging Tool Pharmaceuticals Electric'.split(' ');
const PRODUCTS =
  'industrial pumps|frozen meals|truck parts|circuit boards|medical gloves|solar inverters|kitchen cabinets|farm equipment|shipping containers'.split(
    '|',
  );
const MASCOTS = 'Hawks Bears Rivermen Comets Wolves Miners Pioneers Falcons Tigers Storm Lakers Rams'.split(' ');
const UNIVERSITIES =
  'the University of Michigan|Ohio State University|the University of Washington|Vanderbilt University|the University of Utah|Emory University|Tulane University|the University of Iowa|Duke University|Rice University'.split(
    '|',
  );
const JOURNALS = 'JAMA Network Open|The BMJ|Neurology|Pediatrics|The Lancet Public Health|Circulation|Nature Medicine'.split('|');
const HABITS =
  'walked at least 30 minutes a day|slept seven to eight hours a night|ate fish twice a week|took the stairs at work|gardened on weekends|cycled to work'.split(
    '|',
  );
const CONDITIONS = 'Type 2 diabetes|heart failure|dementia|depression|high blood pressure|kidney disease'.split('|');
const BUDGET_ITEMS =
  'road repairs|the library system|police overtime|park maintenance|a new fire station|sidewalk repairs|the city pool|snow removal|youth sports leagues'.split(
    '|',
  );
const MONEY_CRIMES = 'theft|embezzlement|forgery|identity theft|wire fraud'.split('|');
const ARRESTS = 'driving under the influence|possession of stolen property|driving with a suspended license|reckless driving'.split('|');
const OBIT_CAREERS: ReadonlyArray<readonly [string, string]> = [
  ['taught high school chemistry', 'teacher'],
  ['ran a hardware store', 'store owner'],
  ['coached girls basketball', 'coach'],
  ['delivered mail', 'letter carrier'],
  ['served on the city council', 'council member'],
  ['worked as a nurse', 'nurse'],
  ['owned a diner', 'diner owner'],
  ['led the county library', 'librarian'],
];
const VENUES =
  'First Methodist Church|St. Anne Catholic Church|Grace Lutheran Church|the Elks Lodge|the community center on Main Street'.split('|');
const BUSINESSES = 'pharmacy|convenience store|pawn shop|bakery|bicycle shop|dental office|jewelry store'.split('|');
const STOLEN = 'laptops|power tools|cash|bicycles|prescription drugs|jewelry'.split('|');
const DISTRICT_TOPICS =
  'start high school classes later in the morning|close two elementary schools|add a fourth period of computer science|hire 12 more reading specialists|put cameras on every school bus'.split(
    '|',
  );
const TRANSIT_AGENCIES = 'Regional Transit Authority|Metro Transit board|Area Transportation District'.split('|');

interface Person {
  full: string;
  first: string;
  last: string;
  age: number;
  he: string;
  his: string;
  him: string;
}

interface Story {
  city: string;
  /** Spelled out, as body text has it. */
  state: string;
  county: string;
  day: string;
}

/** One sentence of a story, drawn anew on every call. */
type Sentence = (s: Story) => string;
/** A story's paragraphs, each a list of sentences. */
type Paragraphs = string[][];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** An FNV-1a hash, two ways (the second seeded differently), for the seen-sentence filter. */
function hashes(s: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
    b ^= b >>> 13;
  }
  return [a, b];
}

/**
 * Which sentences were already emitted, in a fixed 4 Mbit Bloom filter: its memory
 * does not grow with use, so a heap reading after many texts measures the editor,
 * not the generator. A false "seen" only costs a redraw.
 */
function seenFilter() {
  const bits = new Uint32Array(1 << 17);
  const mask = (1 << 22) - 1;
  const slots = (s: string) => {
    const [a, b] = hashes(s);
    return [a & mask, b & mask, (a + b) & mask, (a ^ (b >>> 7)) & mask];
  };
  return {
    has: (s: string) => slots(s).every((i) => (bits[i >>> 5]! & (1 << (i & 31))) !== 0),
    add: (s: string) => {
      for (const i of slots(s)) bits[i >>> 5]! |= 1 << (i & 31);
    },
  };
}

export const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * A generator of stories nobody has seen: `text(words)` returns about `words` words
 * (paragraphs, whole sentences; at most one sentence over) and throws if it cannot
 * find a sentence it has not already written.
 */
export function copyGenerator(
  seed: number,
  o: {
    /** Called with every sentence `text` returns (the first of a story with its dateline). */
    onSentence?: (sentence: string) => void;
  } = {},
) {
  const r: Rng = rng(seed);
  const seen = seenFilter();
  const int = (min: number, max: number) => min + r.int(max - min + 1);
  const chance = (p: number) => r.next() < p;
  const tenth = (min: number, max: number) => (min + r.next() * (max - min)).toFixed(1);
  /** "a" or "an" and the word, by its sound ("an 8-week", "an $80 million", "an eight-week"). */
  const a = (word: string) => `${/^(\$?(8|11|18)\b|\$?8|eight|eleven|[aeio])/i.test(word) ? 'an' : 'a'} ${word}`;
  const num = (n: number) => (n < 10 ? SMALL[n]! : n.toLocaleString('en-US'));
  const pct = (min: number, max: number) => `${chance(0.5) ? int(min, max) : tenth(min, max)}%`;
  const millions = (min: number, max: number) => `$${tenth(min, max)} million`;
  const dollars = (min: number, max: number, step = 1000) => `$${(int(min / step, max / step) * step).toLocaleString('en-US')}`;
  const year = () => int(1995, 2023);
  const date = () => {
    const [, ap] = r.pick(MONTHS);
    return `${ap} ${int(1, 28)}`;
  };
  const month = () => r.pick(MONTHS)[0];
  const time = () => {
    const h = int(1, 11);
    const m = chance(0.3) ? `:${r.pick(['15', '30', '45'])}` : '';
    return `${h}${m} ${r.pick(['a.m.', 'p.m.'])}`;
  };
  const street = () => `${r.pick(STREETS)} ${r.pick(STREET_KINDS)[0]}`;
  const address = () => {
    const [, abbr] = r.pick(STREET_KINDS);
    return `${int(12, 4800)} ${r.pick(STREETS)} ${abbr}`;
  };
  const person = (minAge = 24, maxAge = 71): Person => {
    const woman = chance(0.5);
    const first = r.pick(woman ? WOMEN : MEN);
    const middle = chance(0.15) ? ` ${String.fromCharCode(65 + r.int(26))}.` : '';
    const last = r.pick(SURNAMES);
    return {
      full: `${first}${middle} ${last}`,
      first,
      last,
      age: int(minAge, maxAge),
      he: woman ? 'she' : 'he',
      his: woman ? 'her' : 'his',
      him: woman ? 'her' : 'him',
    };
  };
  const company = () => `${r.pick(COMPANY_FIRST)} ${r.pick(COMPANY_SECOND)}`;

  /** One beat: a lede (after the dateline), then body paragraphs drawn in order, each a sentence or two. */
  type Beat = (s: Story) => Sentence[][];

  const council: Beat = (s) => {
    const mayor = person(38, 70);
    const member = person(30, 68);
    const director = person(35, 64);
    const item = r.pick(BUDGET_ITEMS);
    const seats = r.pick([7, 9]);
    const no = int(1, 3);
    return [
      [
        () =>
          `The ${s.city} City Council voted ${seats - no}-${no} on ${s.day} to approve ${a(`${millions(80, 640)} budget`)} for the fiscal year that begins July 1, ` +
          `${chance(0.5) ? 'raising' : 'cutting'} spending on ${item} by ${pct(3, 22)}.`,
      ],
      [
        () =>
          `The budget sets aside ${millions(1, 19)} for ${item}, up from ${millions(1, 19)} last year, according to figures the finance office released in ${month()}.`,
        () =>
          `Property owners will pay about ${dollars(40, 380, 5)} more a year on a home valued at ${dollars(180_000, 640_000, 5000)}, the city estimates.`,
      ],
      [
        () =>
          `"We heard from ${int(20, 140)} residents over ${num(int(2, 5))} nights of hearings, and most of them asked us to protect ${item}," said Mayor ${mayor.full}, who has led the city since ${year()}.`,
      ],
      [
        () =>
          `Council member ${member.full} voted against the plan, saying it leaves too little in reserve if sales tax revenue falls short of the ${millions(20, 90)} the city projects.`,
        () => `"If the state cuts its share again, we will be back here in ${month()} looking at layoffs," ${member.last} said.`,
      ],
      [
        () =>
          `Finance Director ${director.full} told the council the reserve would stand at ${pct(6, 15)} of spending, below the ${num(int(15, 20))}% the city's own policy calls for.`,
        () => `The council meets next at City Hall, ${address()}, at ${time()} ${date()}.`,
      ],
    ];
  };

  const courts: Beat = (s) => {
    const accused = person(21, 63);
    const lawyer = person(31, 66);
    const judge = person(45, 72);
    const [crime, crime2] = [r.pick(MONEY_CRIMES), r.pick(MONEY_CRIMES)];
    const charges = crime === crime2 ? `${num(int(2, 9))} counts of ${crime}` : `${crime} and ${crime2} charges`;
    const workplace = r.pick(BUSINESSES);
    return [
      [
        () =>
          `A ${accused.age}-year-old ${s.city} ${accused.he === 'she' ? 'woman' : 'man'} pleaded not guilty ${s.day} to ${charges} in ${s.county} County Superior Court.`,
        () =>
          `Prosecutors say ${accused.full} took ${dollars(2000, 48_000, 100)} from the ${workplace} where ${accused.he} kept the books from ${year()} to ${int(2024, 2025)}.`,
      ],
      [
        () =>
          `${accused.last} was arrested ${date()} after ${a(`${num(int(2, 9))}-week`)} investigation, according to a police affidavit filed with the charges.`,
        () =>
          `The ${workplace}'s owner told detectives ${r.pick(['she', 'he'])} noticed the losses when a supplier's check for ${dollars(900, 9000, 10)} was returned, the affidavit says.`,
      ],
      [
        () => `Judge ${judge.full} set bail at ${dollars(5000, 250_000, 5000)} and scheduled a preliminary hearing for ${date()}.`,
        () => `${accused.last} remained in the ${s.county} County Jail on ${s.day} afternoon, jail spokesperson ${person().full} said.`,
      ],
      [
        () =>
          `"My client has cooperated with investigators for ${num(int(2, 11))} months, and we expect the evidence to show that ${accused.he} did nothing wrong," ${accused.last}'s attorney, ${lawyer.full}, said outside the courtroom.`,
      ],
      [
        () =>
          `If convicted of ${crime}, ${accused.last} faces up to ${num(int(2, 15))} years in prison and a fine of up to ${dollars(10_000, 50_000, 5000)}.`,
        () =>
          `${person().full}, a spokesperson for the ${s.county} County district attorney's office, declined to comment on the case ${s.day}, citing a policy on pending prosecutions.`,
      ],
    ];
  };

  const business: Beat = (s) => {
    const firm = company();
    const ceo = person(42, 66);
    const analyst = person(29, 58);
    const product = r.pick(PRODUCTS);
    return [
      [
        () =>
          `${firm}, the ${s.city}-based maker of ${product}, said ${s.day} it will cut ${int(40, 900)} jobs, about ${pct(4, 18)} of its workforce, after orders fell for a ${r.pick(['second', 'third', 'fourth'])} straight quarter.`,
      ],
      [
        () =>
          `The company reported revenue of ${millions(40, 900)} for the quarter that ended ${date()}, down ${pct(3, 27)} from a year earlier.`,
        () => `Its shares fell ${pct(2, 14)} to $${(8 + r.next() * 130).toFixed(2)} in afternoon trading.`,
      ],
      [
        () =>
          `Chief Executive ${ceo.full} told analysts on a conference call that the company had built plants for a market that grew ${pct(1, 5)} last year instead of the ${num(int(10, 15))}% it planned for.`,
        () => `"We made that bet in ${year()}, and it was the wrong one for the ${product} business," ${ceo.last} said.`,
      ],
      [
        () =>
          `${analyst.full}, an analyst at ${r.pick(COMPANY_FIRST)} Capital, said the cuts would save about ${millions(5, 60)} a year but leave ${firm} short of engineers if demand returns.`,
        () => `${firm} employs about ${int(1200, 9800).toLocaleString('en-US')} people in ${s.state}, according to its annual report.`,
      ],
    ];
  };

  const sports: Beat = (s) => {
    const star = person(19, 34);
    const other = person(19, 34);
    const coach = person(40, 68);
    const mascot = r.pick(MASCOTS);
    const home = `${s.city} ${mascot}`;
    const away = `${r.pick(PLACES.filter(([c]) => c !== s.city))[0]} ${r.pick(MASCOTS.filter((m) => m !== mascot))}`;
    const winner = int(78, 121);
    const loser = winner - int(1, 19);
    const wins = int(3, 40);
    return [
      [
        () => {
          const won = int(2, 9);
          return `${star.full} scored ${int(18, 44)} points and the ${home} beat the ${away} ${winner}-${loser} on ${s.day} night, their ${ORDINALS[won]} win in ${num(int(won + 1, 14))} games.`;
        },
      ],
      [
        () =>
          `${other.full} added ${int(10, 22)} points and ${num(int(5, 9))} rebounds for the ${home} (${wins}-${int(2, 30)}), who trailed by ${int(10, 19)} points early in the third quarter.`,
        () =>
          `The ${away} shot ${pct(31, 48)} from the field in the second half and went ${num(int(2, 9))} for ${int(14, 31)} from 3-point range.`,
      ],
      [
        () =>
          `"We stopped switching on every screen and made them shoot over us, and they missed ${num(int(5, 9))} in a row," ${home} coach ${coach.full} said.`,
        () => `${star.last}, who missed ${num(int(2, 6))} games in ${month()} with a sprained ankle, played ${int(31, 42)} minutes.`,
      ],
      [
        () =>
          `The ${home} play at ${r.pick(PLACES)[0]} on ${r.pick(WEEKDAYS)}; the ${away} are home against ${r.pick(PLACES)[0]} on ${r.pick(WEEKDAYS)}.`,
      ],
    ];
  };

  const science: Beat = (s) => {
    const lead = person(34, 66);
    const outside = person(36, 70);
    const habit = r.pick(HABITS);
    const condition = r.pick(CONDITIONS);
    const start = int(1998, 2012);
    const perTenThousand = int(40, 190);
    return [
      [
        () =>
          `Adults who ${habit} were ${pct(11, 38)} less likely to develop ${condition}, according to a study of ${int(3000, 98_000).toLocaleString('en-US')} people published ${s.day} in the journal ${r.pick(JOURNALS)}.`,
      ],
      [
        () =>
          `The researchers, led by ${lead.full} of ${r.pick(UNIVERSITIES)}, followed participants for ${num(int(5, 14))} years starting in ${start}.`,
        () =>
          `${cap(condition)} was diagnosed in ${perTenThousand} of every 10,000 people a year in the least active group, compared with ${Math.round(perTenThousand * (0.5 + r.next() * 0.3))} per 10,000 among those who ${habit}.`,
      ],
      [
        () =>
          `"This is an observational study, so it cannot show cause, but the link held after we accounted for age, income and smoking in all ${num(int(3, 9))} of our models," ${lead.last} said.`,
      ],
      [
        () =>
          `${outside.full}, an epidemiologist at ${r.pick(UNIVERSITIES)} who was not involved in the research, said the results should be tested in a randomized trial of at least ${int(2, 9)},000 people.`,
        () =>
          `The study was paid for by the National Institutes of Health, which awarded the team ${millions(1, 12)} in ${start + int(0, 5)}.`,
      ],
    ];
  };

  const obituary: Beat = (s) => {
    const died = person(64, 99);
    const friend = person(45, 80);
    const child = person(30, 64);
    const [career, role] = r.pick(OBIT_CAREERS);
    const born = 2025 - died.age;
    const [hometown, , homeState] = r.pick(PLACES);
    return [
      [
        () => `${died.full}, who ${career} in ${s.city} for ${int(12, 41)} years, died ${s.day} at ${died.his} home.`,
        () => `${cap(died.he)} was ${died.age} and had lived on ${street()} since ${born + int(25, 50)}.`,
        () =>
          `${died.his === 'her' ? 'Her' : 'His'} ${r.pick(['daughter', 'son'])}, ${child.full}, said the cause was ${r.pick(['complications of pneumonia', 'heart failure', 'cancer', 'complications of a fall'])}.`,
      ],
      [
        () =>
          `${died.last} was born in ${hometown}, ${homeState}, in ${born}, and moved to ${s.city} in ${born + int(18, 30)} to work as a ${role}.`,
        () =>
          `Over ${num(int(3, 4))} decades ${died.he} ${r.pick(['raised money for a new gym floor', 'started a Saturday breakfast for retirees', 'kept a ledger of every customer who owed money and never collected it', 'organized a blood drive every winter'])}, friends said, and ${r.pick(['rarely missed a day', 'refused every award offered', `kept working until ${Math.min(born + int(70, 78), 2024)}`])}.`,
      ],
      [
        () =>
          `"${cap(died.he)} knew the name of every kid who came through that door, and ${died.he} remembered them ${int(20, 30)} years later," said ${friend.full}, who worked with ${died.him} for ${num(int(9, 24))} years.`,
      ],
      [
        () => {
          const sibling = person();
          return `Survivors include ${num(int(2, 5))} children, ${num(int(2, 9))} grandchildren and a ${sibling.he === 'she' ? 'sister' : 'brother'}, ${sibling.full}, of ${r.pick(PLACES)[0]}.`;
        },
        () => `A memorial service is scheduled for ${r.pick(['10', '10:30', '11'])} a.m. ${date()} at ${r.pick(VENUES)}.`,
      ],
    ];
  };

  const police: Beat = (s) => {
    const items: Sentence[][] = [];
    for (let i = 0, n = int(3, 4); i < n; i++) {
      const suspect = person(18, 59);
      const sergeant = person(30, 55);
      items.push(
        r.pick<Sentence[]>([
          [
            () =>
              `Officers were called to a ${r.pick(BUSINESSES)} at ${address()} at ${time()} ${r.pick(WEEKDAYS)} on a report of a break-in, police said.`,
            () =>
              `${cap(r.pick(STOLEN))} worth about ${dollars(600, 14_000, 100)} were taken, according to a report by Officer ${person().full}.`,
          ],
          [
            () =>
              `Police arrested ${suspect.full}, ${suspect.age}, of ${r.pick(PLACES)[0]}, on suspicion of ${r.pick(ARRESTS)} after a traffic stop on ${street()} at ${time()} ${r.pick(WEEKDAYS)}, according to a police report.`,
          ],
          [
            () =>
              `A ${int(2010, 2024)} pickup was reported stolen from a driveway on ${street()} between ${int(9, 11)} p.m. ${r.pick(WEEKDAYS)} and ${int(5, 8)} a.m. the next day, police said.`,
            () =>
              `Sgt. ${sergeant.full} said the keys had been left ${r.pick(['in the ignition', 'in the cup holder', 'under a floor mat', 'on the dashboard'])}.`,
          ],
          [
            () => `Firefighters put out a fire in a detached garage at ${address()} at ${time()} ${r.pick(WEEKDAYS)}.`,
            () => `No one was hurt, and damage was estimated at ${dollars(3000, 60_000, 500)}, Battalion Chief ${sergeant.full} said.`,
          ],
        ]),
      );
    }
    return [[() => `The following items are from ${s.city} police and fire reports for the week that ended ${date()}.`], ...items];
  };

  const weather: Beat = (s) => {
    const resident = person(22, 88);
    const official = person(35, 64);
    const inches = tenth(2, 7);
    return [
      [
        () =>
          `A storm that dropped ${inches} inches of rain on ${s.city} in ${num(int(3, 9))} hours flooded ${int(12, 340)} homes and closed parts of ${street()} on ${s.day}, city officials said.`,
      ],
      [
        () =>
          `The National Weather Service recorded wind gusts of ${int(41, 78)} mph at the airport, and about ${int(2, 48)},${int(100, 999)} customers lost power at the height of the storm, according to the utility.`,
        () => `The rain was the most recorded in a single day in ${s.city} since ${month()} ${year()}, when ${tenth(2, 6)} inches fell.`,
      ],
      [
        () =>
          `"We had water in the basement within ${int(10, 45)} minutes, and by midnight it was up to the second stair," said ${resident.full}, ${resident.age}, who has lived on ${street()} since ${year()}.`,
      ],
      [
        () =>
          `Emergency Management Director ${official.full} said crews had cleared ${int(11, 60)} storm drains by ${s.day} evening and would inspect ${num(int(2, 9))} bridges before reopening them.`,
        () => `${s.city} residents can report damage to the city by calling 311 through ${date()}.`,
      ],
    ];
  };

  const schools: Beat = (s) => {
    const chair = person(38, 69);
    const parent = person(29, 52);
    const superintendent = person(44, 66);
    const topic = r.pick(DISTRICT_TOPICS);
    const seats = 7;
    const no = int(1, 3);
    const fall = int(2025, 2027);
    return [
      [
        () =>
          `The ${s.city} School Board voted ${seats - no}-${no} on ${s.day} to ${topic} starting in the ${fall}-${(fall + 1) % 100} school year, after ${num(int(2, 8))} months of debate.`,
      ],
      [
        () =>
          `Superintendent ${superintendent.full} said the change would cost about ${chance(0.5) ? dollars(150_000, 950_000, 10_000) : millions(1, 3)} a year, paid for with ${r.pick(['state grant money', 'savings from a bus contract', 'money from a levy voters approved in ' + year()])}.`,
        () => `The district enrolls about ${int(4, 39)},${int(100, 999)} students in ${num(int(9, 58))} schools.`,
      ],
      [
        () =>
          `"My ${r.pick(['son', 'daughter'])} catches the bus at ${int(6, 7)}:${r.pick(['05', '10', '20', '40'])} a.m., and ${num(int(2, 4))} of ${r.pick(['his', 'her'])} friends have stopped going to first period," said ${parent.full}, who spoke during ${int(40, 95)} minutes of public comment.`,
      ],
      [
        () =>
          `Board Chair ${chair.full}, who voted with the majority, said the board would review attendance figures in ${month()} and could change course.`,
      ],
    ];
  };

  const transit: Beat = (s) => {
    const agency = `${s.city} ${r.pick(TRANSIT_AGENCIES)}`;
    const gm = person(40, 63);
    const rider = person(19, 80);
    const from = int(5, 10) / 4;
    const to = from + r.pick([0.25, 0.5, 0.75]);
    const fare = (x: number) => (Number.isInteger(x) ? `$${x}` : `$${x.toFixed(2)}`);
    return [
      [
        () =>
          `Bus fares in ${s.city} will rise from ${fare(from)} to ${fare(to)} on ${date()}, the first increase since ${year()}, after the ${agency} voted ${s.day} to close a ${millions(2, 31)} shortfall.`,
      ],
      [
        () =>
          `Ridership has recovered to ${pct(61, 92)} of its ${int(2017, 2019)} level, General Manager ${gm.full} told the board, but fares cover only ${pct(11, 24)} of the cost of running the buses.`,
        () => `Monthly passes will go from $${int(40, 70)} to $${int(71, 95)}, and riders 65 and older will keep paying half fare.`,
      ],
      [
        () =>
          `"I ride the Route ${int(2, 48)} bus ${num(int(5, 6))} days a week, so that is another $${int(18, 42)} a month out of my check," said ${rider.full}, ${rider.age}, who waited at a stop on ${street()}.`,
      ],
      [
        () =>
          `The board also approved adding ${num(int(2, 9))} buses to the Route ${int(2, 48)} line during the morning commute beginning in ${month()}.`,
      ],
    ];
  };

  const BEATS: Beat[] = [council, courts, business, sports, science, obituary, police, weather, schools, transit];

  const DRAWS = 50;

  /** A sentence template filled until it gives a sentence never written before; null if it cannot in this story. */
  function fresh(template: Sentence, story: Story): string | null {
    for (let attempt = 0; attempt < DRAWS; attempt++) {
      const sentence = template(story);
      if (seen.has(sentence)) continue;
      seen.add(sentence);
      return sentence;
    }
    return null;
  }

  /** One story: the dateline leads its first paragraph. A story whose every draw of a sentence was seen before is drawn again. */
  function story(): Paragraphs {
    for (let attempt = 0; attempt < DRAWS; attempt++) {
      const [city, dateline, state] = r.pick(PLACES);
      const s: Story = { city, state, county: r.pick(COUNTIES), day: r.pick(WEEKDAYS) };
      const paragraphs = r
        .pick(BEATS)(s)
        .map((p) => p.map((t) => fresh(t, s)));
      if (paragraphs.some((p) => p.includes(null))) continue;
      const out = paragraphs as Paragraphs;
      out[0]![0] = `${city.toUpperCase()}, ${dateline} (AP) — ${out[0]![0]}`;
      return out;
    }
    throw new Error(`copy generator: no story of unseen sentences after ${DRAWS} draws`);
  }

  return {
    /** Stories of `words` words or a sentence more, whole sentences, paragraphs separated by blank lines. */
    text(words: number): string {
      const out: string[] = [];
      let count = 0;
      while (count < words) {
        for (const paragraph of story()) {
          const kept: string[] = [];
          for (const sentence of paragraph) {
            if (count >= words) break;
            kept.push(sentence);
            o.onSentence?.(sentence);
            count += countWords(sentence);
          }
          if (kept.length) out.push(kept.join(' '));
        }
      }
      return out.join('\n\n');
    },
  };
}
