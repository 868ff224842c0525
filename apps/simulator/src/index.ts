/** The simulator as a library: single machines, and fleets (the CLI's, and the server's demo fleet). */
export { SimulatedMachine, type MachineOptions, type MachineStart, type MachineState } from './machine.ts';
export { startFleet, type Fleet, type FleetMachine, type FleetOptions } from './fleet.ts';
export { CHANNELS, ChannelLevels, LOW_LEVEL_SHARE, type ChannelSpec, type Level } from './channels.ts';
export { FAULTS, PRODUCTS, type Family, type FaultSpec, type Product } from './families.ts';
export { emptyChannelCup, makeCup, type Cup } from './production.ts';
export { checkMenu, productOfMenu, type MenuVerdict } from './menu.ts';
export { provision, type ProvisionOptions } from './provision.ts';
export {
  AppCustomers,
  startCustomers,
  type AppCustomer,
  type CustomerOrder,
  type CustomersOptions,
} from './customers.ts';
export {
  PAYMENT_MIX,
  WEEKDAY_DEMAND,
  WEEKEND_DEMAND,
  CUPS_PER_ORDER,
  PEAK_CUSTOMERS_PER_HOUR,
  chooseLine,
  composeOrder,
  demandAt,
  isWeekend,
  lineCount,
  lineQuantity,
  localTime,
  orderNumber,
  pickPaymentMethod,
  unitPriceCents,
  type LineChoice,
} from './orders.ts';
export {
  SimulatedUber,
  startSimulatedUber,
  menuProblems,
  type UberReceived,
  type SimulatedUberOrder,
} from './uber/server.ts';
