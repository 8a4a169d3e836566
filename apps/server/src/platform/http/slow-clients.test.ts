import { describe, expect, it } from 'vitest';
import { BodyArrival } from './slow-clients.ts';

const settings = { minBodyBytesPerSecond: 1_000, bodyGraceMs: 2_000, bodyStallMs: 4_000 };

/** Ticks `arrival` once per entry of `bytesPerTick`, returning what each tick said. */
const run = (arrival: BodyArrival, bytesPerTick: number[]) =>
  bytesPerTick.map((bytes) => {
    arrival.received(bytes);
    return arrival.tick();
  });

describe('BodyArrival', () => {
  it('judges nothing before the grace, then the rate since the start while shorter than the window', () => {
    expect(run(new BodyArrival(settings), [0, 2_000])).toEqual([true, true]);
    expect(run(new BodyArrival(settings), [0, 1_999])).toEqual([true, false]);
  });

  it('keeps a body that keeps arriving at the minimum rate', () => {
    expect(run(new BodyArrival(settings), Array(30).fill(1_000)).every(Boolean)).toBe(true);
  });

  it('cuts a body that came fast and then stopped, once a whole window has passed without it', () => {
    const said = run(new BodyArrival(settings), [999_000, 0, 0, 0, 0]);
    expect(said).toEqual([true, true, true, true, false]);
  });

  it('cuts a body that slows to a drip below the minimum over the window', () => {
    const said = run(new BodyArrival(settings), [10_000, 10_000, 10_000, 1, 1, 1, 1]);
    // Cut once the window holds only the drip: the 10 KB ticks have slid out of it.
    expect(said.indexOf(false)).toBe(6);
  });

  it('with no minimum rate, still cuts a body from which nothing arrives for the whole window', () => {
    const arrival = new BodyArrival({ ...settings, minBodyBytesPerSecond: 0 });
    expect(run(arrival, [5, 1, 0, 0, 1, 0, 0, 0, 0])).toEqual([true, true, true, true, true, true, true, true, false]);
  });
});
