import type { InterpretiveJudgment, JudgmentCategory } from './judgment.ts';
import type { NarrativeEvent } from './narrative-event.ts';
import { propositionKey as key, type PropositionOp } from './proposition.ts';

/** Actions that leave the actor holding the target, and those that end it. */
const TAKING_ACTIONS = new Set(['pick_up', 'take', 'grab']);
const RELEASING_ACTIONS = new Set(['drop', 'put_down', 'give', 'throw']);

const persist = (k: string, slot: string | null = null): PropositionOp => ({ op: 'assert', key: k, slot });
const retract = (k: string): PropositionOp => ({ op: 'retract', key: k });
const momentary = (k: string): PropositionOp => ({ op: 'momentary', key: k });

/**
 * Event → proposition translation (event-system.md, "How Events Enter the Truth Set"): an event is something that
 * happened; its persistent propositions stay true until undone, its momentary ones only enter the temporal index.
 */
export function eventPropositions(event: NarrativeEvent): PropositionOp[] {
  switch (event.type) {
    case 'ActionPerformed': {
      const ops = [momentary(key('ActionOccurred', event.action, event.target))];
      if (event.target !== null && TAKING_ACTIONS.has(event.action))
        ops.push(persist(key('Holding', event.actor, event.target)));
      if (event.target !== null && RELEASING_ACTIONS.has(event.action))
        ops.push(retract(key('Holding', event.actor, event.target)));
      return ops;
    }
    case 'SpeechAct':
      return [momentary(key('SpeechAct', event.speaker, event.addressee))];
    case 'MovementAction':
      return [
        persist(key('At', event.actor, event.to), `location:${event.actor}`),
        momentary(key('Moved', event.actor, event.from, event.to)),
      ];
    case 'ExaminationAction':
      return [momentary(key('Examined', event.actor, event.target))];
    case 'SceneEntered':
      return [
        persist(key('InScene', event.scene_id), 'scene'),
        ...event.characters.map((character) => persist(key('CharacterPresent', character))),
        momentary(key('SceneEntered', event.scene_id)),
      ];
    case 'SceneExited':
      return [
        retract(key('CharacterPresent', event.character)),
        momentary(key('SceneExited', event.scene_id, event.character)),
      ];
    case 'CharacterArrival':
      return [persist(key('CharacterPresent', event.character)), momentary(key('CharacterArrived', event.character))];
    case 'CharacterDeparture':
      return [retract(key('CharacterPresent', event.character)), momentary(key('CharacterDeparted', event.character))];
    case 'InformationRevealed':
      return [
        persist(key('Knows', event.recipient, event.gate_id)),
        momentary(key('InformationRevealed', event.gate_id, event.recipient)),
      ];
    case 'ConstraintViolation':
      return [momentary(key('ConstraintViolation', event.actor, event.action, event.constraint))];
    case 'EntityPromoted':
      return [
        persist(key('EntityTier', event.entity, event.to_tier), `tier:${event.entity}`),
        momentary(key('EntityPromoted', event.entity, event.to_tier)),
      ];
    case 'EntityDemoted':
      return [
        retract(key('EntityTier', event.entity, event.from_tier)),
        momentary(key('EntityDemoted', event.entity, event.from_tier)),
      ];
    case 'EntityDissolved':
      return [{ op: 'retractSlot', slot: `tier:${event.entity}` }, momentary(key('EntityDissolved', event.entity))];
    case 'WorldStateChanged':
      return [persist(key('WorldState', event.key, event.new_value), `world:${event.key}`)];
    case 'RelationshipShifted':
      return [
        { op: 'accumulate', key: key('relationship', event.from, event.to, event.dimension), delta: event.delta },
        momentary(key('RelationshipShifted', event.from, event.to, event.dimension)),
      ];
    case 'GoalCompleted':
      return [persist(key('GoalCompleted', event.scene_id, event.goal_id))];
    case 'GateFired':
      return [persist(key('GateFired', event.gate_id))];
    case 'ThresholdCrossed':
      return [persist(key('ThresholdCrossed', event.entity, event.threshold))];
  }
}

/**
 * The names of the propositions and accumulators events put into the truth set (the cases of `eventPropositions`,
 * plus the judgments' accumulators): with the interpretive ones, everything a predicate can ever find true.
 */
const FACTUAL_NAMES = new Set([
  'ActionOccurred',
  'Holding',
  'SpeechAct',
  'At',
  'Moved',
  'Examined',
  'InScene',
  'CharacterPresent',
  'SceneEntered',
  'SceneExited',
  'CharacterArrived',
  'CharacterDeparted',
  'Knows',
  'InformationRevealed',
  'ConstraintViolation',
  'EntityTier',
  'EntityPromoted',
  'EntityDemoted',
  'EntityDissolved',
  'WorldState',
  'relationship',
  'RelationshipShifted',
  'GoalCompleted',
  'GateFired',
  'ThresholdCrossed',
  'trust_delta',
  'affection_delta',
]);

/** Whether any event or judgment can ever put this proposition into the truth set. */
export function canBecomeTrue(key: string, isInterpretive: (key: string) => boolean): boolean {
  return FACTUAL_NAMES.has(key.slice(0, key.indexOf('('))) || isInterpretive(key);
}

const weigh = (k: string, confidence: number): PropositionOp => ({ op: 'weigh', key: k, confidence });

/**
 * Judgment → weighted propositions. A TrustShift(player, wolf, negative, 0.15) at 0.72 becomes TrustEroding(player,
 * wolf) weighted 0.72 and trust_delta(player, wolf) −= 0.15. Accumulators take the magnitude unweighted (the spec's
 * example), but only from a judgment that counts: below `minConfidence` (or a Stage 4 rejection at 0) it counts 0
 * everywhere (ARCHITECTURE §8.5), so noise cannot add up to an accumulator threshold. Weighed propositions keep their
 * confidence: predicates apply `minConfidence` when they read them.
 */
export function judgmentPropositions(judgment: InterpretiveJudgment, minConfidence: number): PropositionOp[] {
  const category: JudgmentCategory = judgment.category;
  const confidence = judgment.confidence;
  const counts = confidence > 0 && confidence >= minConfidence;
  switch (category.kind) {
    case 'TrustShift':
    case 'AffectionShift': {
      const [from, to] = category.between;
      const negative = category.direction === 'negative';
      const trust = category.kind === 'TrustShift';
      const name = trust
        ? negative
          ? 'TrustEroding'
          : 'TrustGrowing'
        : negative
          ? 'AffectionWaning'
          : 'AffectionGrowing';
      const accumulator = key(trust ? 'trust_delta' : 'affection_delta', from, to);
      const weighed = weigh(key(name, from, to), confidence);
      if (!counts) return [weighed];
      return [
        weighed,
        { op: 'accumulate', key: accumulator, delta: negative ? -category.magnitude : category.magnitude },
      ];
    }
    case 'PowerDynamicShift':
      return [weigh(key('PowerDynamicShift', category.context), confidence)];
    case 'EmotionalRegisterShift':
      return [
        weigh(key('EmotionalRegister', category.to), confidence),
        weigh(key('EmotionalRegisterShift', category.from, category.to), confidence),
      ];
    case 'EmotionExpressed':
      return [weigh(key('EmotionExpressed', category.character, category.emotion), confidence)];
    case 'ToneDetected':
      return [weigh(key('ToneDetected', category.quality, category.in_speech_by), confidence)];
    case 'ThematicResonance':
      return [weigh(key('ThematicResonance', category.theme), confidence)];
    case 'EchoResonance':
      return [weigh(key('EchoResonance', category.echo_pattern, category.character), confidence)];
    case 'IntentInferred':
      return [weigh(key('IntentInferred', category.actor, category.inferred_intent), confidence)];
    case 'DeceptionDetected':
      return [weigh(key('DeceptionDetected', category.actor), confidence)];
    case 'VulnerabilityExpressed':
      return [weigh(key('VulnerabilityExpressed', category.character), confidence)];
    case 'EngagementQuality':
      return [weigh(key('EngagementQuality', category.level), confidence)];
    case 'NarrativeStasis':
      return [weigh(key('NarrativeStasis'), confidence)];
    case 'DepartureSignificance':
      return [weigh(key('DepartureSignificance', category.departure_type), confidence)];
  }
}
