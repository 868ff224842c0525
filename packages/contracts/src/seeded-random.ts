/**
 * A small seeded generator (mulberry32) for what must come out the same every time: the demo's
 * history by serial number, the simulator's tests. A text seed is hashed to the generator's state.
 */
export function seededRandom(seed: string | number): () => number {
  let a = 0x9e3779b9;
  if (typeof seed === 'number') a = seed | 0;
  else for (let i = 0; i < seed.length; i++) a = Math.imul(a ^ seed.charCodeAt(i), 0x5bd1e995);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
