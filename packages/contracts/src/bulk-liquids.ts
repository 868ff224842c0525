/**
 * Bulk liquids (water, fresh milk, syrups, purées, yoghurt) are kept in a barrel (bucket) on the
 * machine, the spec's unit for them (§1: "cup, barrel (bucket), g, seconds"); beans, leaves and
 * powders sit in hoppers and are counted in grams. Told from the material's name in any of the
 * console's languages, so a tenant's own channel names work too.
 */
const LIQUID = /water|milk|syrup|juice|pur[eé]e|yog(h)?urt|水|奶|糖漿|糖浆|果汁|果泥|優格|优格|酸奶|果露/i;
const SOLID = /powder|leaves|beans|粉|茶葉|茶叶|豆/i;

export function isBulkLiquid(material: unknown): boolean {
  return typeof material === 'string' && LIQUID.test(material) && !SOLID.test(material);
}
