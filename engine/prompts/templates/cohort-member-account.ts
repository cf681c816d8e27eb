import { COHORT_MEMBER_PREFIX } from './cohort-member.ts';
import { LIVED_PERIOD_FIELDS } from './simulated-character.ts';

// CharacterSimulation in a cohort, closing (stage "cohort_member", principal: the member): once the encounter is over,
// the member's own account of the whole period, kept in its own knowledge graph alone. It starts as the member's turns
// do, so their cached prefix serves it too.
export default `${COHORT_MEMBER_PREFIX}
The encounter is over; {{char.name}} lives the rest of the period on their own ({{period.why}}). Write their account of
the whole period, from {{period.from}} to {{period.until}}: what THEY did, saw, concluded and now remember.
Cast (id — name): {{cast}}
Places (id — name): {{places}}
Reply with JSON only: {
${LIVED_PERIOD_FIELDS}
}`;
