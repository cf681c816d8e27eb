import { describe, expect, it } from 'vitest';
import {
  CHART,
  chartLayout,
  decadeTicks,
  distanceDomain,
  distanceTicks,
  historyShares,
  labelPlacement,
  linearScale,
  logScale,
  pullDomain,
} from '../../../renderer/debug/landscape-chart.ts';
import { contextHeadline, scoreFactors } from '../../../renderer/debug/context-summary.ts';
import { dropReason, formatDecade, formatFigure, sceneTitles } from '../../../renderer/debug/storykeeper-format.ts';
import { contextView, landscapeView } from './storykeeper-fixtures.ts';

describe('landscape chart scaling', () => {
  it('maps a domain onto a range in a straight line, upside down too (SVG y grows downwards)', () => {
    const y = linearScale([0, 1], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(0.25)).toBe(150);
    expect(y(1)).toBe(0);
  });

  it('spaces decades evenly on the log scale, and sets a pull of 0 on the floor', () => {
    const y = logScale([0.01, 100], [400, 0]);
    expect(y(0.01)).toBeCloseTo(400);
    expect(y(0.1)).toBeCloseTo(300);
    expect(y(1)).toBeCloseTo(200);
    expect(y(100)).toBeCloseTo(0);
    expect(y(0)).toBe(400);
    expect(y(0.001)).toBeCloseTo(400);
  });

  it('widens the pull domain to whole decades around every positive pull, ignoring zeros', () => {
    expect(pullDomain([0, 0.04, 6.4, 120])).toEqual([0.01, 1000]);
    expect(pullDomain([1])).toEqual([1, 10]);
    expect(pullDomain([0])).toEqual([0.1, 1]);
    expect(pullDomain([])).toEqual([0.1, 1]);
    expect(decadeTicks([0.01, 1000])).toEqual([0.01, 0.1, 1, 10, 100, 1000]);
  });

  it('runs the distance axis to 1, or to the next quarter past a farther scene, with a tick every quarter', () => {
    expect(distanceDomain([0.2, 0.63])).toEqual([0, 1]);
    expect(distanceDomain([1.3])).toEqual([0, 1.5]);
    expect(distanceTicks([0, 1.5])).toEqual([0, 0.25, 0.5, 0.75, 1, 1.25, 1.5]);
  });

  it('places each scene by distance and pull, flagging the strongest attractor and the scene the player is in', () => {
    const layout = chartLayout(landscapeView());
    const [tavern, crypt, cove] = layout.points;
    expect(crypt).toMatchObject({ id: 'crypt', attractor: true, current: false });
    expect(tavern).toMatchObject({ id: 'tavern', attractor: false, current: true });
    // Nearer is further left, stronger pull is higher (a smaller y).
    expect(tavern?.x).toBeLessThan(crypt?.x ?? 0);
    expect(crypt?.x).toBeLessThan(cove?.x ?? 0);
    expect(crypt?.y).toBeLessThan(cove?.y ?? 0);
    expect(tavern?.y).toBe(CHART.height - CHART.bottom);
    // The cove lies at 1.3: the axis runs on to 1.5, whose tick stands at the plot's right edge.
    expect(layout.xTicks.at(-1)).toBe(1.5);
    expect(layout.x(1.5)).toBe(CHART.width - CHART.right);
    expect(layout.yTicks).toEqual([0.01, 0.1, 1, 10]);
  });

  it('names the attractor beside its dot and the player’s scene above it, leftwards near the right edge', () => {
    const [tavern, crypt] = chartLayout(landscapeView()).points;
    expect(crypt && labelPlacement(crypt)).toEqual({ x: 12, y: 0, anchor: 'start' });
    expect(tavern && labelPlacement(tavern)).toEqual({ x: 4, y: -11, anchor: 'start' });
    const farCrypt = crypt && { ...crypt, x: CHART.width - CHART.right };
    expect(farCrypt && labelPlacement(farCrypt)).toEqual({ x: -12, y: 0, anchor: 'end' });
    const unnamed = crypt && { ...crypt, attractor: false };
    expect(unnamed && labelPlacement(unnamed)).toBeNull();
  });

  it('scales the history bars against the strongest pull of the strip', () => {
    expect(historyShares(landscapeView().history)).toEqual([0, 0.5, 1]);
    expect(historyShares([{ turn: 1, attractor: null, pull: 0 }])).toEqual([0]);
  });
});

describe('storykeeper figures and words', () => {
  it('prints three significant figures, whole numbers from 100 up', () => {
    expect(formatFigure(1.6666)).toBe('1.67');
    expect(formatFigure(80)).toBe('80');
    expect(formatFigure(119.99999999999997)).toBe('120');
    expect(formatFigure(0.0213)).toBe('0.0213');
    expect(formatFigure(0)).toBe('0');
    expect(formatDecade(0.01)).toBe('0.01');
    expect(formatDecade(1000)).toBe('1000');
  });

  it('says why a candidate was dropped in words, and an unknown reason as the engine named it', () => {
    expect(dropReason('information_boundary')).toBe('withheld by an information boundary');
    expect(dropReason('below_minimum')).toBe('below the minimum score');
    expect(dropReason('over_budget')).toBe('over the token budget');
    expect(dropReason('too_late_at_night')).toBe('too late at night');
  });

  it('names a scene by its title, an unknown one by its id', () => {
    const titleOf = sceneTitles(landscapeView().scenes);
    expect(titleOf('crypt')).toBe('The crypt at first light');
    expect(titleOf('elsewhere')).toBe('elsewhere');
  });

  it('heads the context with candidates selected of offered and tokens used of the budget', () => {
    expect(contextHeadline(contextView())).toBe('1 of 3 candidates, 120 of 600 tokens');
    expect(contextHeadline(contextView({ tokens: 640, overBudget: 40 }))).toBe(
      '1 of 3 candidates, 640 of 600 tokens, 40 over budget',
    );
  });

  it('lists the factors in the order the composite multiplies them, the boundary with its standing', () => {
    const withheld = contextView().candidates[1];
    expect(withheld && scoreFactors(withheld)).toEqual([
      { name: 'relevance', value: '0.7' },
      { name: 'modifier', value: '1.63' },
      { name: 'boundary', value: '0 (withheld)' },
      { name: 'recency', value: '1' },
      { name: 'temperature', value: '1' },
    ]);
  });
});
