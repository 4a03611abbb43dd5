import { matchCase } from '../../text/words';
import { defineRule, lookup, phraseRegex, scan } from '../rule';

/** Frequent misspellings in newsroom copy; caught even before harper.js has loaded. */
export const MISSPELLINGS: Record<string, string> = {
  accomodate: 'accommodate', accomodation: 'accommodation', acheive: 'achieve', acheived: 'achieved', accross: 'across', adress: 'address',
  agressive: 'aggressive', alot: 'a lot', apparantly: 'apparently', arguement: 'argument', assasination: 'assassination', basicly: 'basically',
  begining: 'beginning', beleive: 'believe', beleived: 'believed', buisness: 'business', calender: 'calendar', cemetary: 'cemetery',
  commited: 'committed', comittee: 'committee', commitee: 'committee', concensus: 'consensus', definately: 'definitely', definatly: 'definitely',
  dissapoint: 'disappoint', dissapointed: 'disappointed', embarass: 'embarrass', embarassed: 'embarrassed', enviroment: 'environment',
  existance: 'existence', experiance: 'experience', familar: 'familiar', finaly: 'finally', foriegn: 'foreign', fourty: 'forty', freind: 'friend',
  goverment: 'government', govenment: 'government', goverments: 'governments', gaurd: 'guard', harrass: 'harass', harrassment: 'harassment',
  independant: 'independent', occured: 'occurred', occuring: 'occurring', occurence: 'occurrence', occurrance: 'occurrence', neccessary: 'necessary',
  necesary: 'necessary', noticable: 'noticeable', paralell: 'parallel', parliment: 'parliament', persistant: 'persistent', posession: 'possession',
  prefered: 'preferred', priviledge: 'privilege', publically: 'publicly', realy: 'really', recieve: 'receive', recieved: 'received',
  recieves: 'receives', reciept: 'receipt', recomend: 'recommend', recomended: 'recommended', reccomend: 'recommend', refered: 'referred',
  relevent: 'relevant', religous: 'religious', rember: 'remember', resistence: 'resistance', responsability: 'responsibility', seperate: 'separate',
  seperated: 'separated', sieze: 'seize', sucess: 'success', succesful: 'successful', successfull: 'successful', supercede: 'supersede',
  suprise: 'surprise', suprised: 'surprised', tommorow: 'tomorrow', tommorrow: 'tomorrow', tounge: 'tongue', truely: 'truly', untill: 'until',
  wierd: 'weird', wich: 'which', writting: 'writing', thier: 'their', teh: 'the', becuase: 'because', beacuse: 'because', acknowlege: 'acknowledge',
  accidently: 'accidentally', amatuer: 'amateur', collegue: 'colleague', concious: 'conscious', critisism: 'criticism', dilemna: 'dilemma',
  equiptment: 'equipment', excercise: 'exercise', guage: 'gauge', hieght: 'height', hygeine: 'hygiene', immediatly: 'immediately',
  judgemental: 'judgmental', knowlege: 'knowledge', liason: 'liaison', libary: 'library', lisence: 'license', maintainance: 'maintenance',
  maintenence: 'maintenance', millenium: 'millennium', mischievious: 'mischievous', mispell: 'misspell', neighbor: 'neighbor', ocassion: 'occasion',
  pasttime: 'pastime', percieve: 'perceive', perseverence: 'perseverance', playwrite: 'playwright', politican: 'politician', posess: 'possess',
  presense: 'presence', pronounciation: 'pronunciation', questionaire: 'questionnaire', recieving: 'receiving', remeber: 'remember',
  rythm: 'rhythm', shedule: 'schedule', sargent: 'sergeant', speach: 'speech', strenght: 'strength', tendancy: 'tendency', threshhold: 'threshold',
  tomatos: 'tomatoes', potatos: 'potatoes', vaccum: 'vacuum', vehical: 'vehicle', villian: 'villain', yeild: 'yield',
  irregardless: 'regardless', supposably: 'supposedly', alright: 'all right', 'could of': 'could have', 'would of': 'would have',
  'should of': 'should have', 'must of': 'must have', 'might of': 'might have',
};
delete MISSPELLINGS.neighbor;
delete MISSPELLINGS.alright; // style/ap-words

export const commonMisspellings = defineRule({
  id: 'grammar/common-misspellings',
  category: 'grammar',
  explanation: 'A misspelled word costs the story credibility; these are among the most frequent slips in copy.',
  autoFix: true,
  check(doc) {
    return scan(doc.text, phraseRegex(Object.keys(MISSPELLINGS)), (m) => {
      const right = matchCase(m[0], lookup(MISSPELLINGS, m[0])!);
      return { start: m.index, end: m.index + m[0].length, message: `"${m[0]}" should be "${right}".`, suggestion: right };
    });
  },
});
