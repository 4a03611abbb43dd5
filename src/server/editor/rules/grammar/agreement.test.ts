import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { agreement } from './agreement';

describe('grammar/agreement', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(agreement.id).toBe('grammar/agreement');
    expect(agreement.category).toBe('grammar');
    expect(agreement.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ["The results of the county's housing survey shows that rents rose.", 'shows', 'show'],
    ['The list of proposed projects are posted at City Hall.', 'are', 'is'],
    ['Memorial gifts in his honor goes to the food bank.', 'goes', 'go'],
    ['The tickets for the Saturday game is sold out.', 'is', 'are'],
    ['There is many reasons to wait.', 'is', 'are'],
    ['They was late to the meeting.', 'was', 'were'],
    ['Mortgage rates has fallen below 6 percent.', 'has', 'have'],
    ['Police said Travis Boone are charged with two counts of arson.', 'are', 'is'],
    ['Dana Whitfield were the only witness.', 'were', 'was'],
    ['The nurses say staffing levels is unsafe on several floors.', 'is', 'are'],
    ['Water bills was higher than expected this spring.', 'was', 'were'],
    ['Property taxes doesn’t cover the cost.', 'does', 'do'],
    ['The board’s rules is confusing to parents.', 'is', 'are'],
    ['Her son said the causes of the fire was unclear.', 'was', 'were'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(agreement, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The results of the survey show that rents rose.',
    'The list of projects is posted.',
    'Researchers at Northfield University have found that sleep matters.',
    'The cost of digital books and research databases has nearly doubled.',
    'Donations to the fund from the county remain steady.',
    'Officials in the county say the road is safe.',
    'Sales of the book were strong.',
    'Bakers from Harmon Foods were there.',
    // a predicate nominative is not a subject, and a subject does not reach into the next sentence
    'Her son, Dale Ortiz, said the cause was complications of pneumonia.',
    'The cause was complications of pneumonia. Ortiz was born in Macon, Georgia, in 1950.',
    'If he were mayor, he would act.',
    'A number of residents are angry.',
    'The Friends of the Library is hosting a book sale.',
    'Two years of drought has cut the harvest.',
    'The county saved the thousands of dollars it costs to rent the hall.',
    'There was 20 percent less rain than usual.',
    'The plan was, as it were, a compromise.',
    'The cost of repairs is rising.',
    'Ten dollars is not much to ask.',
    'One in five adults is obese.',
    'The measles outbreak is spreading.',
    'Physics is hard.',
    'The series is over.',
    'Our kids’ school is closing.',
    'Among the reasons is cost.',
    'The Lakers is the name on the jersey.',
    'If only she were here to see it.',
    'Maria Lopez and Travis Boone are charged with arson.',
    'New Yorkers are used to the noise.',
    'The Kansas City Chiefs are 10-2.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(agreement, text)).toEqual([]);
  });
});
