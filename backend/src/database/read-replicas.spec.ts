import { lagOf } from './read-replicas';

describe('a read replica’s lag (lagOf)', () => {
  it('is 0 while the replica has replayed all it received, whatever the age of its last transaction', () => {
    expect(lagOf({ now_ms: 10_000, caught_up: true, replay_age_ms: 3_600_000 }, undefined)).toBe(0);
  });

  it('after an idle spell, the first WAL not yet replayed is not an hour of lag: at most the time since it was last caught up', () => {
    expect(lagOf({ now_ms: 10_050, caught_up: false, replay_age_ms: 3_600_000 }, 10_000)).toBe(50);
  });

  it('grows while replay stands still: the age of the last replayed transaction when that is the smaller', () => {
    expect(lagOf({ now_ms: 20_000, caught_up: false, replay_age_ms: 2_500 }, 10_000)).toBe(2_500);
    expect(lagOf({ now_ms: 20_000, caught_up: false, replay_age_ms: 12_000 }, 10_000)).toBe(10_000);
  });

  it('cannot tell (Infinity, out of rotation) before anything was replayed or seen caught up', () => {
    expect(lagOf({ now_ms: 20_000, caught_up: false, replay_age_ms: null }, undefined)).toBe(Infinity);
    expect(lagOf({ now_ms: 20_000, caught_up: false, replay_age_ms: null }, 19_000)).toBe(1_000);
  });
});
